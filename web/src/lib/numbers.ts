const intlFormats = new Map<number, Intl.NumberFormat>();

/** Past this, a double's shortest form may use an exponent or lose its units: Intl writes it. */
const LARGEST_WRITTEN = 1e15;

/**
 * A number as Intl's pt-BR formatter writes it with up to `maxFractionDigits` decimals (thousands
 * grouped with a point, the decimal comma: 1.234,5), written by hand: building a NumberFormat
 * loads the locale's data, measured at 200–300 ms of a page's first load on a phone (4× CPU).
 * Numbers past a thousand million million, or not finite, still go through Intl, built on first
 * use.
 */
export function formatNumber(value: number, maxFractionDigits = 0): string {
  if (Number.isFinite(value) && Math.abs(value) < LARGEST_WRITTEN) {
    const [whole, fraction] = rounded(value, maxFractionDigits);
    const sign = value < 0 || Object.is(value, -0) ? '-' : '';
    return `${sign}${grouped(whole)}${fraction ? `,${fraction}` : ''}`;
  }
  let format = intlFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: maxFractionDigits });
    intlFormats.set(maxFractionDigits, format);
  }
  return format.format(value);
}

/**
 * The whole and fractional digits of |value|: its shortest decimal form, rounded half up to
 * `digits` decimals as ICU does (on that form, not on the double's exact binary value), without
 * trailing zeros.
 */
function rounded(value: number, digits: number): [string, string] {
  const shortest = String(Math.abs(value));
  let whole: string;
  let fraction: string;
  if (shortest.includes('e')) {
    // Only values under a millionth are written with an exponent (the larger ones are left to
    // Intl): their digits start past the sixth decimal.
    const [mantissa = '0', exponent = '0'] = shortest.split('e');
    const [head = '0', tail = ''] = mantissa.split('.');
    whole = '0';
    fraction = `${'0'.repeat(-Number(exponent) - 1)}${head}${tail}`;
  } else {
    [whole = '0', fraction = ''] = shortest.split('.');
  }
  if (fraction.length > digits) {
    const up = fraction.charAt(digits) >= '5';
    fraction = fraction.slice(0, digits);
    if (up) {
      const sum = String(BigInt(whole + fraction) + 1n).padStart(digits + 1, '0');
      whole = sum.slice(0, sum.length - digits);
      fraction = sum.slice(sum.length - digits);
    }
  }
  return [whole, fraction.replace(/0+$/, '')];
}

/** 1234567 as 1.234.567: pt-BR groups every three digits, from four digits on. */
function grouped(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, '.');
}
