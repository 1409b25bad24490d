import { formatCnpj as formatCnpjOfContracts, onlyDigits } from '@agroselo/contracts';

/** A pattern ('0' = a digit), or several tried in order: the first that holds the input wins. */
export type MaskPattern = string | readonly string[];

/** Spec §9: CPF 3-3-3-2 with dots and a dash. */
export const CPF_MASK: MaskPattern = '000.000.000-00';
/** Spec §9: (2) 5-4 for mobiles, (2) 4-4 for the 10 digits of a landline. */
export const PHONE_MASK: MaskPattern = ['(00) 0000-0000', '(00) 00000-0000'];
/**
 * Spec §9: CNPJ 99.999.999/9999-99; 'X' also takes the letters of the alphanumeric CNPJ the
 * Receita Federal issues since July 2026 (the two check digits stay numeric).
 */
export const CNPJ_MASK: MaskPattern = 'XX.XXX.XXX/XXXX-00';
/** Spec §5: the technician's phone has exactly 11 digits. */
export const MOBILE_MASK: MaskPattern = '(00) 00000-0000';
/** Spec §9: CREA 99.999-99 for 7 digits, plain digits for the 14-digit form. */
export const CREA_MASK: MaskPattern = ['00.000-00', '00000000000000'];

/** 'X': a letter or a digit, shown upper case. */
const definitions = { X: /[0-9A-Za-z]/ };
const prepareChar = (char: string) => char.toUpperCase();

/** The options react-imask and IMask.pipe take for a pattern. */
export function maskOptions(pattern: MaskPattern) {
  return typeof pattern === 'string'
    ? { mask: pattern, definitions, prepareChar }
    : { mask: pattern.map((mask) => ({ mask, definitions, prepareChar })) };
}

/** The digits laid into one pattern's slots ('0', 'X'), stopping where they run out. */
function fill(digits: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= digits.length) break;
    out += slot === '0' || slot === 'X' ? digits[next++] : slot;
  }
  return out;
}

const slotCount = (pattern: string) => pattern.replace(/[^0X]/g, '').length;

/**
 * Formats the digits of `value` with a pattern, as the masked input would show them (the first
 * of several patterns that holds them all). By hand rather than through IMask: pages that only
 * show a phone or a CREA need not load and run the input masks.
 */
export function applyMask(value: string, pattern: MaskPattern): string {
  const digits = onlyDigits(value);
  const patterns = typeof pattern === 'string' ? [pattern] : pattern;
  const fits = patterns.find((candidate) => slotCount(candidate) >= digits.length);
  return fill(digits, fits ?? patterns[patterns.length - 1]!);
}

export const formatCpf = (cpf: string): string => applyMask(cpf, CPF_MASK);
export const formatPhone = (phone: string): string => applyMask(phone, PHONE_MASK);
/** 14 characters as 00.000.000/0000-00 (letters included); anything else is shown as stored. */
export const formatCnpj = formatCnpjOfContracts;

/** CREAs are stored padded to 14 digits; a padded 7-digit one is shown in its short form. */
export function formatCrea(crea: string): string {
  const digits = onlyDigits(crea);
  const short = digits.length === 14 && digits.startsWith('0000000') ? digits.slice(7) : digits;
  return applyMask(short, CREA_MASK);
}
