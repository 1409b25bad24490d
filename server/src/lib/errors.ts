import { messages, type ValidationIssue } from '@agroselo/contracts';

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
/** A 422 in the shape of the schema validation's, for a rule that needs the database. */
export const invalidField = (field: string, msg: string) =>
  new AppError(422, [{ loc: ['body', field], msg, type: 'value_error' }]);
