/**
 * The one API client. Paths are relative to /api: `api.get<Camel<Stamp>[]>('/stamp/all')`.
 * - JSON bodies go out in snake_case and come back in camelCase; FormData/URLSearchParams are
 *   sent as built (use wire names).
 * - The stored token is sent as `Authorization: Bearer`; a 401 on such a call clears it (logout).
 * - Failures reject with ApiError: `status` (0 = network), a pt-BR `message`, and for 422 the
 *   `issues` list and `fieldErrors` by wire field name.
 * - `api.upload` sends a multipart body with upload progress (XMLHttpRequest).
 */
export { api, request, requestList, onUnauthorized, API_BASE } from './client';
export { listPage, type ListPaths } from './list-page';
export type {
  Camel,
  CallOptions,
  DownloadedFile,
  ListResult,
  QueryParams,
  RequestOptions,
  UploadOptions,
} from './client';
export { ApiError, isApiError, errorMessage, NETWORK_ERROR_STATUS } from './api-error';
export { tokenStore, TOKEN_STORAGE_KEY } from './token-store';
export { FRESH_FOR_MS } from './freshness';
