import { messages } from '@agroselo/contracts';

/** The one error type of the server: a status and the pt-BR `detail` the user reads. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
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
