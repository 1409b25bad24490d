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

/** `column` contains the normalized query; LIKE wildcards typed by the user are taken literally. */
export function matchesSearch(column: AnyPgColumn, query: string): SQL {
  const escaped = normalizeSearch(query).replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} like ${`%${escaped}%`}`;
}
