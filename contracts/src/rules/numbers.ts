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

/**
 * A number as Brazil reads it ("1.050,25"), with at most `decimals` places. Written by hand: the
 * form page shows totals as the producer types, and building a pt-BR Intl.NumberFormat loads its
 * locale data (about 200 ms in a throttled profile, see web/src/features/instances/rice-area.ts).
 */
export function formatNumber(value: number, decimals = 4): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const places = fraction.replace(/0+$/, '');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, '.')}${places ? `,${places}` : ''}`;
}

/** A number and its unit, as a message shows it ("500 ha"). */
export const withUnit = (value: number, unit: string | null | undefined, decimals?: number) =>
  unit ? `${formatNumber(value, decimals)} ${unit}` : formatNumber(value, decimals);
