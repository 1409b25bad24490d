import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, UPLOAD_CHUNK_BYTES } from '@agroselo/contracts';
import type { UploadOptions } from 'tus-js-client';
import { isApiError, NETWORK_ERROR_STATUS } from '../api';
import { storeToken } from '../../test/users';
import { startUpload, uploadsSettled, uploadsUnderWay } from './uploads';

/** The tus-js-client uploads created, with what they were given and what was asked of them. */
const tus = vi.hoisted(() => ({
  made: [] as {
    options: UploadOptions;
    start: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    resumed: unknown[];
  }[],
  previous: [] as unknown[],
}));
vi.mock('tus-js-client', () => ({
  Upload: class {
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumed: unknown[] = [];
    constructor(
      _file: File,
      readonly options: UploadOptions,
    ) {
      tus.made.push(this);
    }
    findPreviousUploads = async () => tus.previous;
    resumeFromPreviousUpload(previous: unknown) {
      this.resumed.push(previous);
    }
  },
}));

const TARGET = '/api/process-instance/i/form/f/field/c/proof';
const file = () => new File([new Uint8Array(10)], 'foto.jpg', { type: 'image/jpeg' });
const response = (status: number, body: unknown) => ({
  getStatus: () => status,
  getBody: () => JSON.stringify(body),
  getHeader: () => undefined,
  getUnderlyingObject: () => null,
});
/** The `count`th upload of the test, once started (tus is loaded on the first upload: async). */
const started = async (count = 1) => {
  await vi.waitFor(() => expect(tus.made[count - 1]?.start).toHaveBeenCalled());
  return tus.made[count - 1]!;
};

describe('startUpload', () => {
  beforeEach(() => {
    tus.made.length = 0;
    tus.previous = [];
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the file to /api/uploads in parts, with its target, the token and a fingerprint of both', async () => {
    storeToken('token-do-produtor');
    const progress: number[] = [];
    startUpload({ file: file(), target: TARGET, scope: 'f', onProgress: (v) => progress.push(v) });
    const upload = await started();
    expect(upload.options).toMatchObject({
      endpoint: '/api/uploads',
      chunkSize: UPLOAD_CHUNK_BYTES,
      metadata: { filename: 'foto.jpg', filetype: 'image/jpeg', target: TARGET },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect(await upload.options.fingerprint!(file(), upload.options as never)).toContain(TARGET);
    const setHeader = vi.fn();
    await upload.options.onBeforeRequest!({ setHeader } as never);
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer token-do-produtor');
    upload.options.onProgress!(5, 10);
    expect(progress).toEqual([0.5]);
  });

  it('resumes an upload this browser began before a reload', async () => {
    tus.previous = [{ uploadUrl: '/api/uploads/abc' }];
    startUpload({ file: file(), target: TARGET, scope: 'f' });
    const upload = await started();
    expect(upload.resumed).toEqual([{ uploadUrl: '/api/uploads/abc' }]);
  });

  it('waits offline for the connection, then goes on from where the server stopped', async () => {
    const waiting: boolean[] = [];
    startUpload({ file: file(), target: TARGET, scope: 'f', onWaiting: (v) => waiting.push(v) });
    const upload = await started();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    upload.options.onError!(new Error('tus: failed to upload chunk'));
    expect(waiting).toEqual([true]);
    expect(upload.start).toHaveBeenCalledOnce();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(waiting).toEqual([true, false]);
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it("resolves with the target route's answer in camelCase, and the form's save can wait for it", async () => {
    const { done } = startUpload<{ processInstanceId: string }>({
      file: file(),
      target: TARGET,
      scope: 'form-9',
    });
    const upload = await started();
    expect(uploadsUnderWay('form-9')).toBe(1);
    let settled = false;
    const wait = uploadsSettled('form-9').then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    upload.options.onSuccess!({
      lastResponse: response(200, { process_instance_id: 'i' }),
    } as never);
    expect(await done).toEqual({ processInstanceId: 'i' });
    await wait;
    expect(uploadsUnderWay('form-9')).toBe(0);
  });

  it("rejects with the server's refusal, or a network error once retries are spent online", async () => {
    const refused = startUpload({ file: file(), target: TARGET, scope: 'f' });
    const first = await started();
    first.options.onError!(
      Object.assign(new Error('tus: unexpected response'), {
        originalResponse: response(415, { detail: messages.forms.proofType }),
      }),
    );
    await expect(refused.done).rejects.toMatchObject({
      status: 415,
      message: messages.forms.proofType,
    });
    const lost = startUpload({ file: file(), target: TARGET, scope: 'f' });
    const second = await started(2);
    second.options.onError!(Object.assign(new Error('tus: failed'), { originalResponse: null }));
    const error = await lost.done.catch((reason: unknown) => reason);
    expect(isApiError(error) && error.status).toBe(NETWORK_ERROR_STATUS);
  });

  it('cancels: the upload is stopped and removed from the server', async () => {
    const upload = startUpload({ file: file(), target: TARGET, scope: 'f' });
    const made = await started();
    await upload.cancel();
    expect(made.abort).toHaveBeenCalledWith(true);
    await expect(upload.done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
