import { snakeCase, toCamelCaseKeys, toSnakeCaseKeys } from 'es-toolkit';
import type { ToCamelCaseKeys } from 'es-toolkit/types';
import { IDEMPOTENCY_KEY_HEADER, TOTAL_COUNT_HEADER } from '@agroselo/contracts';
import { errorFromBody, networkError } from './api-error';
import { serverRender } from './server-render';
import { takeBootResponse } from './boot-requests';
import { tokenStore } from './token-store';
import { accountOf } from '../device/account';
import { isStorable, markStored, STORED_AT_HEADER } from '../device/stored';

/** A wire (snake_case) type from contracts, as the client hands it to the app. */
export type Camel<T> = ToCamelCaseKeys<T>;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query string; keys are converted to snake_case, null/undefined values are left out. */
  query?: QueryParams;
  /**
   * A plain object or array is sent as JSON with its keys in snake_case. FormData,
   * URLSearchParams and Blob are sent untouched: build them with the wire (snake_case) names.
   */
  body?: unknown;
  /** false: never send the token (public calls, login). Default true. */
  auth?: boolean;
  /** Use this token instead of the stored one (the session checks a new token with it). */
  token?: string;
  signal?: AbortSignal;
  /** 'blob' for downloads (PDFs, proofs); default 'json'. */
  responseType?: 'json' | 'blob';
  /** A write's Idempotency-Key (DESIGN §4c): the same on every try of the same write. */
  idempotencyKey?: string;
  /**
   * Keeps this read's answer on the device as part of `keep` ('Disponível sem conexão': the
   * group of an instance), beyond the last-seen answers every read of the account's own data keeps.
   */
  keep?: string;
}

export interface ListResult<T> {
  items: T[];
  /** X-Total-Count, or the length of the page when the server did not send it. */
  total: number;
}

export const API_BASE = '/api';

type UnauthorizedHandler = () => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();

/** Called after a 401 on a call made with the stored token, once that token is cleared. */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(snakeCase(key), String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The answer this device stored for `url` (device/answers.ts, loaded when first needed). */
async function storedResponse(account: string, url: string): Promise<Response | null> {
  try {
    const { storedAnswer } = await import('../device/answers');
    return await storedAnswer(account, url);
  } catch {
    return null;
  }
}

/** Keeps an answer on the device; a failure only matters to a read the user asked to keep. */
async function keepResponse(account: string, url: string, response: Response, group?: string) {
  try {
    const { keepAnswer } = await import('../device/answers');
    await keepAnswer(account, url, response, group);
  } catch (error) {
    if (group) throw error;
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', query, body, auth = true, signal, idempotencyKey, keep } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const storedToken = auth && !options.token ? tokenStore.get() : null;
  const token = auth ? (options.token ?? storedToken) : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);

  let payload: BodyInit | undefined;
  if (isRawBody(body)) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(toSnakeCaseKeys(body));
  }

  const url = buildUrl(path, query);
  // On the server, rendering a signed-in page, the API answers in-process (its reads only).
  const onServer = serverRender();
  if (onServer && method !== 'GET') throw networkError();
  // The account's own reads: the network first, then what this device last stored (docs/offline.md).
  const account = method === 'GET' && !onServer ? accountOf(token) : null;
  const storable = account !== null && isStorable(url);
  // The first page's reads may have been asked already by index.html's script, with this token.
  const early = onServer
    ? onServer.fetch(url)
    : method === 'GET' && token
      ? takeBootResponse(url, token)
      : undefined;
  let response: Response;
  try {
    response = await (early ?? fetch(url, { method, headers, body: payload, signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    const stored = storable && !keep ? await storedResponse(account, url) : null;
    if (stored) return stored;
    throw networkError();
  }

  if (!response.ok) {
    throw failed(response.status, await readJson(response).catch(() => undefined), storedToken);
  }
  if (storable) {
    const kept = keepResponse(account, url, response.clone(), keep);
    if (keep) await kept;
  }
  return response;
}

/** Marks data the client took from the device's store with when it was stored. */
function marked<T>(data: T, response: Response): T {
  const stored = response.headers.get(STORED_AT_HEADER);
  if (stored) markStored(data, Number(stored));
  return data;
}

/** The error of an answer that is not ok; a 401 on the stored token ends the session. */
function failed(status: number, body: unknown, storedToken: string | null) {
  const error = errorFromBody(status, body);
  if (status === 401 && storedToken && tokenStore.get() === storedToken) {
    tokenStore.clear();
    for (const handler of unauthorizedHandlers) handler();
  }
  return error;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Told the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart body (built with wire names) and reports its upload progress, which fetch
 * cannot: the one call of the client made with XMLHttpRequest. Answers and errors as `request`.
 */
export function upload<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const storedToken = tokenStore.get();
    if (storedToken) xhr.setRequestHeader('Authorization', `Bearer ${storedToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(toCamelCaseKeys(data) as T);
      else reject(failed(xhr.status, data, storedToken));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * One call to the API under /api. Resolves with the JSON body in camelCase (undefined when
 * there is none), or a Blob with responseType 'blob'; rejects with an ApiError.
 * T is not checked at run time: give the camelCase shape of the endpoint, e.g. Camel<Stamp>.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (options.responseType === 'blob') return marked(await response.blob(), response) as T;
  return marked(toCamelCaseKeys(await readJson(response)), response) as T;
}

/** A list endpoint with its X-Total-Count. */
export async function requestList<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ListResult<T>> {
  const response = await send(path, { ...options, method: 'GET' });
  const data = toCamelCaseKeys(await readJson(response));
  const items = (Array.isArray(data) ? data : []) as T[];
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? Number.NaN : Number(header);
  return marked({ items, total: Number.isFinite(total) ? total : items.length }, response);
}

/** A file the server sends, with the name its Content-Disposition gives (RFC 6266). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

function filenameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below, or the fallback.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** GET a file with the token (a plain link sends none), named as the server names it. */
export async function download(path: string, options: CallOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, { ...options, method: 'GET' });
  const fallback = path.split('/').pop() ?? 'arquivo';
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition'), fallback),
  };
}

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: CallOptions) => request<T>(path, { ...options, method: 'GET' }),
  list: <T>(path: string, options?: CallOptions) => requestList<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: CallOptions) =>
    request<T>(path, { ...options, method: 'DELETE' }),
  upload: <T>(path: string, body: FormData, options?: UploadOptions) =>
    upload<T>(path, body, options),
  download: (path: string, options?: CallOptions) => download(path, options),
};
