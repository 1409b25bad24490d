let wideFormat: Intl.NumberFormat | undefined;

/**
 * Decimal degrees with the Brazilian comma: -30,8512. Written by hand, as Intl's pt-BR output for
 * up to six decimals: building a NumberFormat loads the locale's data, measured at 200–300 ms of
 * the instance page's first load on a phone (4× CPU), for a comma. Numbers no coordinate reaches
 * (a thousand and more, or not finite) still go through Intl, built on first use.
 */
export function formatCoordinate(value: number): string {
  const text = Number.isFinite(value) && Math.abs(value) < 1000 ? degrees(value) : null;
  if (text !== null) return text;
  wideFormat ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
  return wideFormat.format(value);
}

/** Under a thousand: the shortest decimal form rounded half up to six decimals, as ICU does. */
function degrees(value: number): string | null {
  const shortest = String(Math.abs(value));
  // Only values under a millionth are written with an exponent: they round to 0 or 0,000001.
  let [whole = '0', fraction = ''] = shortest.includes('e')
    ? ['0', Math.abs(value) >= 5e-7 ? '000001' : '']
    : shortest.split('.');
  if (fraction.length > 6) {
    const up = fraction.charAt(6) >= '5';
    fraction = fraction.slice(0, 6);
    if (up) {
      const digits = String(BigInt(whole + fraction) + 1n).padStart(7, '0');
      whole = digits.slice(0, -6);
      fraction = digits.slice(-6);
    }
  }
  // 999,9999995 rounds to a thousand, which pt-BR groups: Intl writes it.
  if (whole.length > 3) return null;
  fraction = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole}${fraction ? `,${fraction}` : ''}`;
}

/**
 * A coordinate as typed: '-30,8512' (pt-BR) or '-30.8512'; null when it is no number. Thousands
 * separators make no sense in degrees, so a comma is always the decimal one.
 */
export function parseCoordinate(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
