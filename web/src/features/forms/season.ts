import type { FieldType } from '@agroselo/contracts';
import type { FieldInstanceItem } from './api';
import { formatContent } from './format';

type LastSeason = NonNullable<FieldInstanceItem['lastSeason']>;

/**
 * Last season's answer as the technician compares it: the content as its type reads, a Lista by
 * its rows, and the proof by its file name.
 */
export function lastSeasonText(type: FieldType, last: LastSeason): string {
  if (type === 'form')
    return last.rows === 1 ? '1 linha na safra anterior' : `${last.rows} linhas na safra anterior`;
  const answer = `Safra anterior: ${formatContent(type, last.content)}`;
  return last.proofFilename ? `${answer} · Comprovante: ${last.proofFilename}` : answer;
}

/** The carried answers of a form not yet confirmed nor changed by the producer. */
export const carriedFieldsOf = (fields: readonly FieldInstanceItem[]) =>
  fields.filter((field) => field.carriedOver);
