/** A person's name as every screen and file shows it: first and last, no stray space. */
export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();
