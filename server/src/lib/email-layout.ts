/**
 * The one look of every e-mail the product sends: pt-BR, a plain-text part beside the HTML, the
 * product's signature. Areas write their messages with these pieces.
 */

export const SIGNATURE = 'AgroSelo — Conectando o campo à tecnologia';

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Raw HTML placed as it is between the paragraphs (a list, say). */
export interface EmailBlock {
  block: string;
}

/**
 * An HTML document of paragraphs (already HTML: escape what came from users) or blocks, and the
 * signature.
 */
export function emailLayout(paragraphs: (string | EmailBlock)[]): string {
  const body = paragraphs
    .map((html) =>
      typeof html === 'string' ? `<p style="margin:0 0 16px">${html}</p>` : html.block,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d1f;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${body}
<p style="margin:24px 0 0;color:#5f6f5f;font-size:13px">${escapeHtml(SIGNATURE)}</p>
</body>
</html>`;
}

/** A link drawn as a button, for the one thing a notice asks the reader to do. */
export const emailButton = (url: string, label: string): string =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;background:#2f7d3b;color:#ffffff;text-decoration:none;font-weight:bold;padding:10px 18px;border-radius:6px">${escapeHtml(label)}</a>`;
