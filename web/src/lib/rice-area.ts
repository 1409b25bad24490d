/**
 * What the area field keeps of a keystroke: digits and one decimal comma (a typed point becomes
 * the comma, as a phone's numeric keypad may offer either). The value is read by contracts'
 * `parseRiceArea`, with the server's messages.
 */
export function typedRiceArea(text: string): string {
  const kept = text.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = kept.indexOf(',');
  return comma < 0 ? kept : kept.slice(0, comma + 1) + kept.slice(comma + 1).replace(/,/g, '');
}

/** An area as the field shows it to be edited again: 125.5 → '125,50'. */
export const typedAreaOf = (hectares: number): string => hectares.toFixed(2).replace('.', ',');

/**
 * An area as text reads it: 1250.5 → '1.250,50 ha'. By hand: a throttled profile of the instance
 * page spent about 200 ms building a pt-BR number format (loading its locale data) for this.
 */
export function formatRiceArea(hectares: number): string {
  const [whole = '', cents = ''] = typedAreaOf(hectares).split(',');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, '.')},${cents} ha`;
}
