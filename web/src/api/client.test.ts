import { describe, expect, it, vi } from 'vitest';
import { messages } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../test/fetch-mock';
import { dropBootRequests } from './boot-requests';
import { FRESH_FOR_MS } from './freshness';
import { ApiError, NETWORK_ERROR_STATUS, api, onUnauthorized, tokenStore } from './index';

const headersOf = (init: RequestInit) => new Headers(init.headers);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('prefixes /api and converts the response keys to camelCase, deeply', async () => {
    mockFetch({
      'GET /api/stamp/all': json([
        { id: '1', process_id: 'p1', image_url: null, features: [{ feature: 'Água limpa' }] },
      ]),
    });
    const stamps = await api.get<unknown>('/stamp/all');
    expect(stamps).toEqual([
      { id: '1', processId: 'p1', imageUrl: null, features: [{ feature: 'Água limpa' }] },
    ]);
  });

  it('sends JSON bodies with snake_case keys and a JSON content type', async () => {
    const fetchMock = mockFetch({ 'POST /api/property/register': json({ business_name: 'X' }) });
    await api.post('/property/register', {
      businessName: 'Granja',
      carN: 'RS123',
      responsibleTechnicianCrea: null,
      licences: [{ farmingLoValidity: '2025-01-01' }],
    });
    const call = callTo(fetchMock, 'POST /api/property/register');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      business_name: 'Granja',
      car_n: 'RS123',
      responsible_technician_crea: null,
      licences: [{ farming_lo_validity: '2025-01-01' }],
    });
    expect(headersOf(call?.init ?? {}).get('Content-Type')).toBe('application/json');
  });

  it('sends FormData and URLSearchParams untouched, keeping wire names', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/register': json({}),
      'POST /api/auth/token': json({ access_token: 't', token_type: 'bearer' }),
    });
    const form = new FormData();
    form.append('first_name', 'Ana');
    await api.post('/auth/register', form);
    const token = await api.post('/auth/token', new URLSearchParams({ username: 'a@b.c' }));

    const sentForm = callTo(fetchMock, 'POST /api/auth/register')?.init;
    expect(sentForm?.body).toBe(form);
    expect(headersOf(sentForm ?? {}).has('Content-Type')).toBe(false);
    expect(String(callTo(fetchMock, 'POST /api/auth/token')?.init.body)).toBe('username=a%40b.c');
    expect(token).toEqual({ accessToken: 't', tokenType: 'bearer' });
  });

  it('puts query parameters in snake_case and leaves out empty ones', async () => {
    const fetchMock = mockFetch({ 'GET /api/property/search': json([]) });
    await api.get('/property/search', {
      query: { query: 'granja', pageSize: 10, skip: undefined },
    });
    expect(callTo(fetchMock, 'GET /api/property/search')?.url).toBe(
      '/api/property/search?query=granja&page_size=10',
    );
  });

  it('sends the stored token as a bearer header, and none for public calls', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/info': json({}), 'GET /api/stamp/all': json([]) });
    tokenStore.set('abc', false);
    await api.get('/auth/info');
    await api.get('/stamp/all', { auth: false });
    expect(
      headersOf(callTo(fetchMock, 'GET /api/auth/info')?.init ?? {}).get('Authorization'),
    ).toBe('Bearer abc');
    expect(
      headersOf(callTo(fetchMock, 'GET /api/stamp/all')?.init ?? {}).has('Authorization'),
    ).toBe(false);
  });

  it('reads X-Total-Count for lists, falling back to the page length', async () => {
    mockFetch({
      'GET /api/user/all': json([{ first_name: 'Ana' }], { headers: { 'X-Total-Count': '42' } }),
      'GET /api/property/all': json([{ id: 1 }, { id: 2 }]),
    });
    await expect(api.list('/user/all')).resolves.toEqual({
      items: [{ firstName: 'Ana' }],
      total: 42,
    });
    await expect(api.list('/property/all')).resolves.toMatchObject({ total: 2 });
  });

  it('resolves with undefined for an empty answer', async () => {
    mockFetch({ 'PUT /api/process-instance/1/start': new Response(null, { status: 204 }) });
    await expect(api.put('/process-instance/1/start')).resolves.toBeUndefined();
  });
});

describe("api client and index.html's early requests", () => {
  it('takes an answer asked with its token once, then asks anew', async () => {
    tokenStore.set('stored', true);
    const early = json({ first_name: 'Ana' });
    window.agroseloBoot = {
      token: 'stored',
      requests: { '/api/auth/info': Promise.resolve(early) },
      at: Date.now(),
    };
    const fetchMock = mockFetch({ 'GET /api/auth/info': json({ first_name: 'Bia' }) });
    try {
      await expect(api.get('/auth/info')).resolves.toEqual({ firstName: 'Ana' });
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(api.get('/auth/info')).resolves.toEqual({ firstName: 'Bia' });
      expect(fetchMock).toHaveBeenCalledOnce();
    } finally {
      delete window.agroseloBoot;
    }
  });

  it('asks anew once the answers are dropped or older than their time to live', async () => {
    tokenStore.set('stored', true);
    const boot = (at: number) => ({
      token: 'stored',
      requests: { '/api/auth/info': Promise.resolve(json({ first_name: 'Ana' })) },
      at,
    });
    const fetchMock = mockFetch({ 'GET /api/auth/info': json({ first_name: 'Bia' }) });
    try {
      window.agroseloBoot = boot(Date.now());
      dropBootRequests();
      await expect(api.get('/auth/info')).resolves.toEqual({ firstName: 'Bia' });

      window.agroseloBoot = boot(Date.now() - FRESH_FOR_MS - 1);
      await expect(api.get('/auth/info')).resolves.toEqual({ firstName: 'Bia' });
      expect(window.agroseloBoot).toBeUndefined();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      delete window.agroseloBoot;
    }
  });

  it('answers the network message when the early request failed', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.agroseloBoot = { token: 't', requests: { '/api/auth/info': failed }, at: Date.now() };
    try {
      const error = await failure(api.get('/auth/info', { token: 't' }));
      expect(error.status).toBe(NETWORK_ERROR_STATUS);
    } finally {
      delete window.agroseloBoot;
    }
  });
});

describe('api client errors', () => {
  it('uses the server detail as the message, with the status', async () => {
    mockFetch({
      'GET /api/property/1': json({ detail: 'Recurso não encontrado' }, { status: 404 }),
    });
    const error = await failure(api.get('/property/1'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Recurso não encontrado');
  });

  it('maps a 403 detail and keeps the session', async () => {
    tokenStore.set('abc', true);
    mockFetch({ 'GET /api/user/all': json({ detail: messages.auth.forbidden }, { status: 403 }) });
    const error = await failure(api.get('/user/all'));
    expect(error).toMatchObject({ status: 403, message: messages.auth.forbidden });
    expect(tokenStore.get()).toBe('abc');
  });

  it('keeps the 422 list, joins its messages and indexes them by field', async () => {
    mockFetch({
      'POST /api/property/register': json(
        {
          detail: [
            { loc: ['body', 'cnpj'], msg: 'CNPJ inválido', type: 'cnpj' },
            { loc: ['body', 'car_n'], msg: 'CAR deve ter no mínimo 30 dígitos', type: 'min' },
          ],
        },
        { status: 422 },
      ),
    });
    const error = await failure(api.post('/property/register', { cnpj: '1' }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('CNPJ inválido; CAR deve ter no mínimo 30 dígitos');
    expect(error.issues).toHaveLength(2);
    expect(error.fieldErrors).toEqual({
      cnpj: 'CNPJ inválido',
      car_n: 'CAR deve ter no mínimo 30 dígitos',
    });
  });

  it("answers 'Falha na requisição' for a 500 without a body", async () => {
    mockFetch({ 'GET /api/process/all': new Response(null, { status: 500 }) });
    const error = await failure(api.get('/process/all'));
    expect(error).toMatchObject({ status: 500, message: messages.common.requestFailed });
  });

  it('answers the network message when no response arrives', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/stamp/all'));
    expect(error).toMatchObject({
      status: NETWORK_ERROR_STATUS,
      message: messages.common.networkError,
    });
  });

  it('lets an aborted call reject with the abort, not as an ApiError', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(abort));
    controller.abort();
    await expect(api.get('/stamp/all', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('logs out on a 401 of an authenticated call and tells the listeners', async () => {
    tokenStore.set('expired', true);
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    mockFetch({
      'GET /api/auth/info': json({ detail: messages.auth.sessionExpired }, { status: 401 }),
    });
    const error = await failure(api.get('/auth/info'));
    stop();
    expect(error).toMatchObject({ status: 401, message: messages.auth.sessionExpired });
    expect(tokenStore.get()).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps the session on a 401 of a call without the token (wrong password)', async () => {
    tokenStore.set('valid', false);
    mockFetch({
      'POST /api/auth/token': json({ detail: messages.auth.wrongCredentials }, { status: 401 }),
    });
    const error = await failure(api.post('/auth/token', new URLSearchParams(), { auth: false }));
    expect(error.message).toBe(messages.auth.wrongCredentials);
    expect(tokenStore.get()).toBe('valid');
  });
});

/** An XMLHttpRequest that answers what the test says, reporting upload progress on the way. */
class FakeXhr {
  static next: { status: number; body: unknown } = { status: 200, body: {} };
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    queueMicrotask(() => {
      for (const loaded of [50, 100])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      if (FakeXhr.next.status === 0) return this.onerror?.();
      this.status = FakeXhr.next.status;
      this.responseText = JSON.stringify(FakeXhr.next.body);
      this.onload?.();
    });
  }
}

describe('api.upload', () => {
  it('sends the multipart body with the token, tells the progress and answers in camelCase', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.sent = [];
    FakeXhr.next = { status: 200, body: { field_instances: [{ read_only: true }] } };
    tokenStore.set('stored', false);
    const progress: number[] = [];
    const form = new FormData();
    form.append('file', new Blob(['%PDF']), 'a.pdf');
    const answer = await api.upload('/process-instance/1/form/2/field/3/proof', form, {
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(answer).toEqual({ fieldInstances: [{ readOnly: true }] });
    expect(progress).toEqual([0.5, 1]);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({
      method: 'POST',
      url: '/api/process-instance/1/form/2/field/3/proof',
    });
    expect(xhr!.headers.Authorization).toBe('Bearer stored');
    expect(xhr!.body).toBe(form);
  });

  it('rejects with the pt-BR message of the server, and a network failure as such', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.next = { status: 415, body: { detail: messages.forms.proofType } };
    const refused = await failure(api.upload('/x', new FormData()));
    expect(refused).toMatchObject({ status: 415, message: messages.forms.proofType });
    FakeXhr.next = { status: 0, body: null };
    const offline = await failure(api.upload('/x', new FormData()));
    expect(offline.status).toBe(NETWORK_ERROR_STATUS);
  });
});
