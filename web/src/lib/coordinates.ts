const coordinateFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** Decimal degrees with the Brazilian comma: -30,8512. */
export const formatCoordinate = (value: number): string => coordinateFormat.format(value);

/**
 * A coordinate as typed: '-30,8512' (pt-BR) or '-30.8512'; null when it is no number. Thousands
 * separators make no sense in degrees, so a comma is always the decimal one.
 */
export function parseCoordinate(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
