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

/** The LIKE pattern of "contains the normalized query"; wildcards typed by the user are literal. */
export function searchPattern(query: string): string {
  const escaped = normalizeSearch(query).replace(/[\\%_]/g, (char) => `\\${char}`);
  return `%${escaped}%`;
}

/** `column` contains the normalized query (see searchPattern). */
export function matchesSearch(column: AnyPgColumn, query: string): SQL {
  return sql`${column} like ${searchPattern(query)}`;
}
