import { useSyncExternalStore } from 'react';
import { toCamelCaseKeys } from 'es-toolkit';
import type { DetailedError, Upload } from 'tus-js-client';
import { IDEMPOTENCY_KEY_HEADER, UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from '@agroselo/contracts';
import { tokenStore } from '../api';
import { errorFromBody, networkError } from '../api/api-error';

/**
 * Waits between automatic retries while the server cannot be reached but the browser is online:
 * a weak rural link drops and returns within minutes.
 */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 15_000, 30_000, 30_000, 60_000];

export interface ResumableUpload<T> {
  /** The target route's answer once the last byte is in; rejects with an ApiError. */
  done: Promise<T>;
  /** Stops and removes what was sent; `done` rejects with an AbortError. */
  cancel(): Promise<void>;
}

interface UploadOptions {
  file: File;
  /** The path of the multipart route the file is for (`/api/…/proof`). */
  target: string;
  /** Uploads of one scope (a form instance) are awaited together by `uploadsSettled`. */
  scope: string;
  /** Told the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Told when the upload waits for the connection to return, and when it goes on. */
  onWaiting?: (waiting: boolean) => void;
  /**
   * For the outbox (src/offline), which keeps where each upload resumes itself: its creation's
   * Idempotency-Key, the address of an upload created before (resumed from its offset), told the
   * address once created. Without a connection it fails at once, for the outbox to try later.
   */
  resumable?: {
    idempotencyKey: string;
    uploadUrl?: string;
    onUploadUrl: (url: string) => void;
  };
}

const inFlight = new Map<string, Set<Promise<unknown>>>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Resolves once every upload of `scope` under way now has ended, well or not. */
export async function uploadsSettled(scope: string): Promise<void> {
  await Promise.allSettled([...(inFlight.get(scope) ?? [])]);
}

/** Uploads of `scope` under way now. */
export const uploadsUnderWay = (scope: string): number => inFlight.get(scope)?.size ?? 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noneYet = () => 0;

/**
 * Uploads of `scope` under way, kept current as they start and end; none in a page rendered on the
 * server, or as the browser hydrates it (no upload starts before the page has).
 */
export const useUploadsUnderWay = (scope: string): number =>
  useSyncExternalStore(subscribe, () => uploadsUnderWay(scope), noneYet);

function apiErrorOf(error: Error) {
  const response = (error as DetailedError).originalResponse;
  if (!response) return networkError();
  let body: unknown = undefined;
  try {
    body = JSON.parse(response.getBody()) as unknown;
  } catch {
    // A proxy's page, say: the status alone tells what happened.
  }
  return errorFromBody(response.getStatus(), body);
}

/**
 * Sends a file with tus to /api/uploads, in parts, resuming where the server stopped: after a cut
 * (waiting for the browser to be online again) and after a reload of the page, when the same file
 * is picked again for the same target (its address is kept in this browser's storage).
 */
export function startUpload<T>({
  file,
  target,
  scope,
  onProgress,
  onWaiting,
  resumable,
}: UploadOptions): ResumableUpload<T> {
  let upload: Upload | null = null;
  let canceled = false;
  const send = (Tus: typeof Upload) =>
    new Promise<T>((resolve, reject) => {
      upload = new Tus(file, {
        endpoint: UPLOADS_PATH,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: { filename: file.name, filetype: file.type, target },
        storeFingerprintForResuming: !resumable,
        removeFingerprintOnSuccess: true,
        fingerprint: async () =>
          ['agroselo-upload', target, file.name, file.type, file.size, file.lastModified].join('|'),
        ...(resumable?.uploadUrl ? { uploadUrl: resumable.uploadUrl } : {}),
        onUploadUrlAvailable: () => {
          if (resumable && upload?.url) resumable.onUploadUrl(upload.url);
        },
        onBeforeRequest: (request) => {
          const token = tokenStore.get();
          if (token) request.setHeader('Authorization', `Bearer ${token}`);
          // Only the creation carries the key: a retry after a lost answer finds the same upload.
          if (resumable && request.getMethod() === 'POST')
            request.setHeader(IDEMPOTENCY_KEY_HEADER, resumable.idempotencyKey);
        },
        onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
        onSuccess: ({ lastResponse }) => {
          const text = lastResponse.getBody();
          resolve(toCamelCaseKeys(text ? (JSON.parse(text) as unknown) : null) as T);
        },
        onError: (error) => {
          if (canceled) return;
          if (!resumable && !navigator.onLine && !(error as DetailedError).originalResponse) {
            onWaiting?.(true);
            window.addEventListener(
              'online',
              () => {
                onWaiting?.(false);
                if (!canceled) upload?.start();
              },
              { once: true },
            );
            return;
          }
          reject(apiErrorOf(error));
        },
      });
      const current = upload;
      if (resumable) {
        current.start();
        return;
      }
      void current
        .findPreviousUploads()
        .then((previous) => {
          const last = previous[0];
          if (last) current.resumeFromPreviousUpload(last);
        })
        .finally(() => {
          if (!canceled) current.start();
        });
    });
  // tus arrives with the first upload, not with every page that offers one (15 KB on a form).
  const done = import('tus-js-client').then(
    ({ Upload }) => send(Upload),
    () => Promise.reject(networkError()),
  );
  const scoped = inFlight.get(scope) ?? new Set<Promise<unknown>>();
  inFlight.set(scope, scoped);
  const untrack = () => {
    if (scoped.delete(tracked)) changed();
  };
  const tracked = done.finally(untrack);
  scoped.add(tracked);
  changed();
  tracked.catch(() => undefined);
  let cancelDone: (() => void) | null = null;
  return {
    done: Promise.race([
      done,
      new Promise<never>((_resolve, reject) => {
        cancelDone = () => reject(new DOMException('Envio cancelado', 'AbortError'));
      }),
    ]),
    async cancel() {
      canceled = true;
      cancelDone?.();
      untrack();
      await (upload as Upload | null)?.abort(true).catch(() => undefined);
    },
  };
}
