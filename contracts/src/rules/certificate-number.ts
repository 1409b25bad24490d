/**
 * Certificate numbers: `AGS-` and eight characters of Crockford's base 32 in two groups of four
 * (`AGS-7K3M-9QXT`): 40 random bits, no I, L, O or U to misread, short enough to say on the
 * phone. Pure functions without zod: the public verification page reads them too.
 */
export const CERTIFICATE_PREFIX = 'AGS';
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 8;

/** The canonical form of eight code characters. */
export const formatCertificateNumber = (code: string): string =>
  `${CERTIFICATE_PREFIX}-${code.slice(0, 4)}-${code.slice(4, 8)}`;

/**
 * A number as someone typed or read it (any case, with or without the prefix, dashes or spaces;
 * O for 0, I or L for 1, as Crockford's base 32 allows) in its canonical form, or null when it
 * cannot be one.
 */
export function normalizeCertificateNumber(input: string): string | null {
  let compact = input
    .toUpperCase()
    .replace(/[\s.\-_/]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length === CERTIFICATE_CODE_LENGTH + CERTIFICATE_PREFIX.length) {
    if (!compact.startsWith(CERTIFICATE_PREFIX)) return null;
    compact = compact.slice(CERTIFICATE_PREFIX.length);
  }
  if (compact.length !== CERTIFICATE_CODE_LENGTH) return null;
  for (const char of compact) if (!CERTIFICATE_ALPHABET.includes(char)) return null;
  return formatCertificateNumber(compact);
}
