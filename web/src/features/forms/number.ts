import { canonicalNumber, parseNumber } from '@agroselo/contracts';

/**
 * What a 'Número' field keeps of a keystroke: digits, one decimal comma (a typed point becomes
 * the comma, as a phone's numeric keypad may offer either) and a leading minus.
 */
export function typedNumber(text: string): string {
  const negative = text.trimStart().startsWith('-');
  const kept = text.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = kept.indexOf(',');
  const number =
    comma < 0 ? kept : kept.slice(0, comma + 1) + kept.slice(comma + 1).replace(/,/g, '');
  return negative ? `-${number}` : number;
}

/** The content the page keeps for what is typed: the stored number, or the text as typed. */
export function numberContent(text: string): string | null {
  if (text.trim() === '' || text === '-') return null;
  // A comma just typed: the number so far.
  const value = parseNumber(text.replace(/,$/, ''));
  return value === null ? text : canonicalNumber(value);
}

/** A stored number as the field shows it to be edited: 1050.5 → '1050,5'. */
export const numberText = (content: string | null): string =>
  content === null ? '' : parseNumber(content) === null ? content : content.replace('.', ',');
