import { vi } from 'vitest';

type Reply = Response | (() => Response | Promise<Response>);

/** A JSON response as the server sends it. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/**
 * Stubs global fetch with replies by 'METHOD /path' (query string ignored). A reply may be a
 * function, to answer anew each time; unknown calls answer 404 so a test never hangs.
 */
export function mockFetch(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const reply = routes[key];
    if (!reply) return json({ detail: `unmocked ${key}` }, { status: 404 });
    return typeof reply === 'function' ? reply() : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The request init of the first call to `path` (method and path as in mockFetch). */
export function callTo(fetchMock: ReturnType<typeof mockFetch>, key: string) {
  const call = fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === key;
  });
  return call ? { url: String(call[0]), init: call[1] ?? {} } : undefined;
}
