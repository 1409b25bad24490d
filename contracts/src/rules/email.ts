/**
 * The spec's §9 address rule: not empty, at most 254 characters, a local part of at most 64
 * and domain labels of at most 63; plus the usual shape local@domain.tld.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length === 0 || value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || /\s/.test(value)) return false;
  if (!/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every(
    (label) =>
      label.length > 0 &&
      label.length <= 63 &&
      /^[A-Za-z0-9-]+$/.test(label) &&
      !label.startsWith('-') &&
      !label.endsWith('-'),
  );
}

export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
