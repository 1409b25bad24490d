import { NUMBER_ABS_MAX } from '../constants';

/** How a 'Número' is stored and sent: a plain decimal with a dot, no exponent ("1050.25"). */
const CANONICAL = /^-?\d+(?:\.\d+)?$/;
/** As a person in Brazil writes it: a decimal comma, dots between thousands ("1.050,25"). */
const BRAZILIAN = /^-?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/;

/**
 * The number written in `text`, either way above; null when it is not one. A text with a comma
 * reads as Brazilian; one without reads as stored ("1.050" is 1.05: the page never sends it, as
 * its input turns what is typed into a number first).
 */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  const plain = CANONICAL.test(trimmed)
    ? trimmed
    : BRAZILIAN.test(trimmed)
      ? trimmed.replace(/\./g, '').replace(',', '.')
      : null;
  if (plain === null) return null;
  const value = Number(plain);
  return Number.isFinite(value) && Math.abs(value) <= NUMBER_ABS_MAX ? value : null;
}

/** The stored form of a number: the shortest decimal that reads back as it (no exponent below 1e21). */
export const canonicalNumber = (value: number): string => String(value === 0 ? 0 : value);

/** Decimal places of a stored number. */
export const decimalsOf = (canonical: string): number => canonical.split('.')[1]?.length ?? 0;

const formatters = new Map<number, Intl.NumberFormat>();

/** A number as Brazil reads it ("1.050,25"), with at most `decimals` places. */
export function formatNumber(value: number, decimals = 4): string {
  let format = formatters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: decimals });
    formatters.set(decimals, format);
  }
  return format.format(value);
}

/** A number and its unit, as a message shows it ("500 ha"). */
export const withUnit = (value: number, unit: string | null | undefined, decimals?: number) =>
  unit ? `${formatNumber(value, decimals)} ${unit}` : formatNumber(value, decimals);
