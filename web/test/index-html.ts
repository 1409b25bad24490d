import indexHtml from '../index.html?raw';

const HEAD_SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

/**
 * Runs index.html's first inline script as the browser does while it parses the page's head: it
 * starts holding what a visitor does before the app runs (window.agroseloEarlyInput) and, with a
 * stored token, asks for a signed-in page's first answers (window.agroseloBoot).
 */
export function runIndexHeadScript(): void {
  new Function(HEAD_SCRIPT)();
}
