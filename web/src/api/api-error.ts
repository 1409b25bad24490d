import { messages, type ValidationIssue } from '@agroselo/contracts';

/** Status used for failures where no HTTP answer arrived at all. */
export const NETWORK_ERROR_STATUS = 0;

/** Every failed call of the api client: an HTTP status and a pt-BR message ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The 422 list, as the server sent it (wire field names in `loc`). */
    readonly issues: readonly ValidationIssue[] = [],
    /** The whole answer, for the few that carry more than `detail` (a save's conflicts). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /** 422 messages by field: the last named element of each `loc` (a wire, snake_case name). */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const issue of this.issues) {
      const field = issue.loc.findLast((part): part is string => typeof part === 'string');
      if (field && field !== 'body' && !(field in errors)) errors[field] = issue.msg;
    }
    return errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The text to show for any error: an ApiError's message, else the generic pt-BR one. */
export function errorMessage(error: unknown, fallback: string = messages.common.unknown): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

// Only for answers without a usable `detail`, e.g. from a proxy in front of the server.
const statusMessages: Partial<Record<number, string>> = {
  401: messages.auth.sessionExpired,
  403: messages.auth.forbidden,
  413: messages.common.payloadTooLarge,
  429: messages.auth.tooManyRequests,
};

// Checked by hand rather than with the contracts' zod schemas: every screen loads this file, and
// the first one must not download a validation library (ErrorBody and ValidationErrorBody).
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isValidationIssue = (value: unknown): value is ValidationIssue =>
  isRecord(value) &&
  Array.isArray(value.loc) &&
  value.loc.every((part) => typeof part === 'string' || typeof part === 'number') &&
  typeof value.msg === 'string' &&
  typeof value.type === 'string';

export function errorFromBody(status: number, body: unknown): ApiError {
  const detail = isRecord(body) ? body.detail : undefined;
  if (Array.isArray(detail) && detail.every(isValidationIssue)) {
    const message = [...new Set(detail.map((issue) => issue.msg))].join('; ');
    return new ApiError(status, message || messages.common.invalidInput, detail, body);
  }
  if (typeof detail === 'string' && detail) return new ApiError(status, detail, [], body);
  return new ApiError(status, statusMessages[status] ?? messages.common.requestFailed);
}

export const networkError = () => new ApiError(NETWORK_ERROR_STATUS, messages.common.networkError);
