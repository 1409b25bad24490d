/**
 * Whether `error` is a unique violation of `constraint` (SQLSTATE 23505). Drizzle wraps the
 * driver's error; both pg and PGlite carry the code on the cause.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
  }
  return false;
}
