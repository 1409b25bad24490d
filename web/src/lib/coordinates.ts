import { formatNumber } from './numbers';

/** Decimal degrees with the Brazilian comma, up to six decimals (as Intl's pt-BR): -30,8512. */
export const formatCoordinate = (value: number): string => formatNumber(value, 6);

/**
 * A coordinate as typed: '-30,8512' (pt-BR) or '-30.8512'; null when it is no number. Thousands
 * separators make no sense in degrees, so a comma is always the decimal one.
 */
export function parseCoordinate(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
