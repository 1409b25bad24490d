import { messages, type StateConflictKind, type ValidationIssue } from '@agroselo/contracts';

/**
 * The one error type of the server: a status and the pt-BR `detail` the user reads (or, for a
 * 422 the service finds, the list of invalid fields).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '));
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail: string = messages.auth.notAuthenticated) =>
  new AppError(401, detail, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail: string = messages.auth.forbidden) => new AppError(403, detail);
export const notFound = (detail: string = messages.common.notFound) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * Input that passed its schema but breaks a rule only the server can check (an address that is no
 * producer's, the common-password list): answered as the 422 list, like the schemas' own errors.
 */
export const invalidField = (field: string, msg: string, type = 'value_error') =>
  new AppError(422, [{ loc: ['body', field], msg, type }]);

/**
 * 409 of a write whose target changed state meanwhile (a pendência no longer open, a form
 * finished, an instance concluded): the answer carries the target as it is now, `current`, read
 * for the caller once the write's transaction is undone (DESIGN §4c; plugins/errors.ts).
 */
export class StateConflict extends AppError {
  constructor(
    detail: string,
    readonly kind: StateConflictKind,
    /** The target as its GET gives it: the value, or its JSON text where the database writes it. */
    readonly current: () => Promise<unknown>,
  ) {
    super(409, detail);
  }
}

/** Seconds a client is asked to wait while the database is away; it usually returns in seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const serviceUnavailable = () =>
  new AppError(503, messages.security.serviceUnavailable, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

// SQLSTATE class 08 (connection exception), the shutdown codes of class 57 and "too many
// connections": the database is away or refusing sessions, not the request at fault.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a dropped connection or a full pool by message only.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Whether `error`, or one of its causes, says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 8) return false;
  const { code } = error as Error & { code?: unknown };
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code))
  )
    return true;
  if (UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text))) return true;
  const causes = error instanceof AggregateError ? (error.errors as unknown[]) : [error.cause];
  return causes.some((cause) => isDatabaseUnavailable(cause, depth + 1));
}
