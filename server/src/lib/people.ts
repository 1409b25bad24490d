import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A person's name as every screen and file shows it: first and last, no stray space. */
export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * What `String#trim` takes off the ends (ECMAScript's WhiteSpace and LineTerminator), as code
 * points: PostgreSQL's one-argument `btrim` takes off spaces only.
 */
export const TRIMMED_BY_JS: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

// Unicode escapes in an E'' literal: the statement's text stays ASCII.
const trimmedByJs = sql.raw(
  `E'${TRIMMED_BY_JS.map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('')}'`,
);

/** `fullName` written by PostgreSQL, for json a statement builds: the same text, to the character. */
export const fullNameSql = (firstName: SQLWrapper, lastName: SQLWrapper): SQL<string> =>
  sql`btrim(${firstName} || ' ' || ${lastName}, ${trimmedByJs})`;

/**
 * A person as the wire gives one (`{ id, name }`, the name as fullName writes it), or null where
 * the row was not joined: written by PostgreSQL, for json a statement builds.
 */
export const personJson = (person: {
  id: SQLWrapper;
  firstName: SQLWrapper;
  lastName: SQLWrapper;
}): SQL =>
  sql`case when ${person.id} is null then null else json_build_object('id', ${person.id},
    'name', ${fullNameSql(person.firstName, person.lastName)}) end`;
