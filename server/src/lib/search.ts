import { municipalityKey, regionOf } from '@agroselo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Lower case, no accents, single spaces: the form kept in `search_text` and searched for. */
export function normalizeSearch(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a user is found by on the Usuários screen: names, e-mail and the CPF's digits. */
export const userSearchText = (user: {
  firstName: string;
  lastName: string;
  email: string;
  cpf: string;
}): string => normalizeSearch(user.firstName, user.lastName, user.email, user.cpf);

/** The LIKE pattern of "contains the normalized query"; wildcards typed by the user are literal. */
export function searchPattern(query: string): string {
  const escaped = normalizeSearch(query).replace(/[\\%_]/g, (char) => `\\${char}`);
  return `%${escaped}%`;
}

/** `column` contains the normalized query (see searchPattern). */
export function matchesSearch(column: AnyPgColumn, query: string): SQL {
  return sql`${column} like ${searchPattern(query)}`;
}

/** A CPF typed with its mask (000.000.000-00), whole or in part, is searched by its digits. */
export function userSearchTerm(query: string): string {
  const trimmed = query.trim();
  return /\d/.test(trimmed) && /^[\d.\-\s]+$/.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
}

/**
 * What to look for in a property's `search_text`, which keeps the CNPJ without its mask: a CNPJ
 * typed with its mask (00.000.000/0000-00, or 12.ABC.345/01DE-35 for alphanumeric ones), whole or
 * in part, is searched without the mask's punctuation. Any other text is searched as typed.
 */
export function propertySearchTerm(query: string): string {
  const trimmed = query.trim();
  if (!/\d/.test(trimmed)) return trimmed;
  if (/^[\d./\-\s]+$/.test(trimmed)) return trimmed.replace(/\D/g, '');
  if (/^[\dA-Za-z./-]+$/.test(trimmed)) return trimmed.replace(/[./-]/g, '');
  return trimmed;
}

/** A property's municipality as the staff tables filter it: its key and its IRGA region. */
export const municipalityColumns = (municipality: string) => ({
  municipalityKey: municipalityKey(municipality),
  region: regionOf(municipality),
});
