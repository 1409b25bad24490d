import { act, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
// main.tsx's RouterProvider is react-router/dom's, this one with flushSync: the same tree. Here
// react-router/dom would load a second copy of the router, whose contexts the pages do not read.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { pendingQueryOptions } from './components/notifications/api';
import { prefetchSessionUser } from './session';
import { queriesSettled } from './app/queries-settled';
import { PRERENDERED_PATHS, render, renderSignedIn } from './prerender';
import { json } from '../test/fetch-mock';
import { STORED_TOKEN, storeToken, wireUser } from '../test/users';
import {
  TECHNICIAN_ID,
  wireInspection,
  wireInstance,
  wireOngoingDetail,
  wirePendency,
  wirePending,
  wireReview,
} from './features/instances/test-data';
import { setHydratingServerPage } from './lib/wide';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * Hydrates `container` at `path` as main.tsx does (once the router has its first match, and
 * `ready`), failing on any difference React reports: its development build reports one, an
 * attribute's included, as an error.
 */
async function hydrateWithoutMismatch(
  container: HTMLElement,
  path: string,
  queryClient: ReturnType<typeof createQueryClient>,
  ready?: () => Promise<void>,
) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  await ready?.();
  const errors = vi.spyOn(console, 'error');
  const recovered: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>,
      { onRecoverableError: (error) => recovered.push(error) },
    );
  });
  expect(recovered).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
}

describe('the prerendered pages', () => {
  it.each(PRERENDERED_PATHS)(
    '%s hydrates as the browser renders it, with no mismatch',
    async (path) => {
      // The seals' answer never comes: the page hydrates on the skeleton it was prerendered with.
      mockFetch({ 'GET /api/stamp/all': () => new Promise<Response>(() => {}) });
      const container = document.createElement('div');
      container.innerHTML = await render(path);
      document.body.append(container);
      const heading = container.querySelector('h1');
      expect(heading).not.toBeNull();

      await hydrateWithoutMismatch(container, path, createQueryClient());
      // Taken over, not rendered anew.
      expect(container.querySelector('h1')).toBe(heading);
    },
  );
});

/** The API as the server's render asks it (in-process): answers by URL, each call noted. */
function serverApi(answers: Record<string, () => Response | Promise<Response>>) {
  const asked: string[] = [];
  const fetch = (url: string) => {
    asked.push(url);
    const answer = answers[url];
    return Promise.resolve(answer ? answer() : json({ detail: 'not found' }, { status: 404 }));
  };
  return { asked, fetch };
}

const PROFILE_ANSWERS = (firstName: string) => ({
  '/api/auth/info': () =>
    json(wireUser('owner', { first_name: firstName, last_name: 'Rodrigues' })),
  '/api/property/all?limit=10&offset=0': () => json([], { headers: { 'X-Total-Count': '0' } }),
});

describe('a signed-in page rendered on the server', () => {
  it("is the account's page, asked through the server's API, not the browser's fetch", async () => {
    const browserFetch = mockFetch({});
    const api = serverApi(PROFILE_ANSWERS('Sérgio'));
    const html = await renderSignedIn('/profile', {
      token: 'a.b.c',
      timeZone: 'America/Sao_Paulo',
      fetch: api.fetch,
    });
    const container = document.createElement('div');
    container.innerHTML = html?.screen ?? '';
    expect(container.querySelector('h1')?.textContent).toBe('Sérgio Rodrigues');
    // The header's menus are lazy parts: the browser loads their code before it hydrates.
    expect(html?.parts).toEqual(expect.arrayContaining(['notification-bell', 'user-menu']));
    expect(api.asked).toEqual(expect.arrayContaining(Object.keys(PROFILE_ANSWERS(''))));
    expect(browserFetch).not.toHaveBeenCalled();
  });

  it('keeps each request its own account when renders overlap', async () => {
    mockFetch({});
    // The first account's session answers last: its render is still under way when the second's ends.
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    const first = serverApi({
      ...PROFILE_ANSWERS('Ana'),
      '/api/auth/info': async () => {
        await firstHeld;
        return json(wireUser('owner', { first_name: 'Ana', last_name: 'Rodrigues' }));
      },
    });
    const second = serverApi(PROFILE_ANSWERS('Bruno'));
    const rendering = renderSignedIn('/profile', { token: 'a.a.a', timeZone: 'UTC', ...first });
    const secondHtml = (
      await renderSignedIn('/profile', { token: 'b.b.b', timeZone: 'UTC', ...second })
    )?.screen;
    answerFirst();
    const firstHtml = (await rendering)?.screen;
    expect(firstHtml).toContain('Ana Rodrigues');
    expect(firstHtml).not.toContain('Bruno');
    expect(secondHtml).toContain('Bruno Rodrigues');
    expect(secondHtml).not.toContain('Ana');
  });

  it("paints an instance's pendências and vistorias with the page, and leaves its photos", async () => {
    mockFetch({});
    const detail = wireOngoingDetail({
      review: wireReview({ pendencies: { open: 1, answered: 0, resolved: 0 }, inspections: 1 }),
    });
    const base = `/api/process-instance/${detail.id}`;
    const list = (items: unknown[]) => () =>
      json(items, { headers: { 'X-Total-Count': String(items.length) } });
    const api = serverApi({
      '/api/auth/info': () => json(wireUser('owner')),
      [base]: () => json(detail),
      [`${base}/pendencies?limit=200`]: list([wirePendency()]),
      [`${base}/inspections?limit=200`]: list([wireInspection()]),
    });
    const html = await renderSignedIn(`/producer-details/${detail.id}`, {
      token: 'a.b.c',
      timeZone: 'America/Sao_Paulo',
      fetch: api.fetch,
    });
    expect(html?.screen).toContain('Informe a cultivar conforme a nota fiscal da semente.');
    expect(html?.screen).toContain('Lavoura nivelada, taipas em bom estado.');
    // A photo is the browser's to ask for, after the page: the page's answers are text.
    expect(api.asked.filter((url) => url.includes('/photo/'))).toEqual([]);
  });

  it('renders nothing for a page it does not render, nor for a token the API refuses', async () => {
    mockFetch({});
    const refused = serverApi({
      '/api/auth/info': () => json({ detail: 'Sessão expirada' }, { status: 401 }),
    });
    const request = { token: 'a.b.c', timeZone: 'UTC' };
    expect(await renderSignedIn('/profile', { ...request, ...refused })).toBeNull();
    const unasked = serverApi(PROFILE_ANSWERS('Ana'));
    expect(await renderSignedIn('/register-property', { ...request, ...unasked })).toBeNull();
    expect(await renderSignedIn('/login', { ...request, ...unasked })).toBeNull();
    expect(unasked.asked).toEqual([]);
  });

  it('renders nothing for an account still to verify its e-mail (the browser sends it on)', async () => {
    mockFetch({});
    const pending = serverApi({
      ...PROFILE_ANSWERS('Ana'),
      '/api/auth/info': () => json(wireUser('owner', { pending: true })),
    });
    expect(
      await renderSignedIn('/profile', { token: 'a.b.c', timeZone: 'UTC', ...pending }),
    ).toBeNull();
  });

  /**
   * Sérgio's /profile as the server renders it, in the page as the browser gets it, with the
   * page's answers as index.html's script gives them (for the stored token); any other call (the
   * bell's list, after the first screen) goes to the browser's fetch. The client main.tsx makes.
   */
  async function profileAsServed() {
    const api = serverApi(PROFILE_ANSWERS('Sérgio'));
    const html = await renderSignedIn('/profile', {
      token: STORED_TOKEN,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      fetch: api.fetch,
    });
    const container = document.createElement('div');
    container.innerHTML = html!.screen;
    document.body.append(container);
    storeToken(STORED_TOKEN);
    window.agroseloBoot = {
      token: STORED_TOKEN,
      at: Date.now(),
      requests: Object.fromEntries(
        Object.entries(PROFILE_ANSWERS('Sérgio')).map(([url, answer]) => [
          url,
          Promise.resolve(answer()),
        ]),
      ),
    };
    mockFetch({ 'GET /api/process-instance/pending': json([]) });
    const queryClient = createQueryClient();
    prefetchSessionUser(queryClient);
    return { container, queryClient };
  }

  it('hydrates in the browser with the answers the page carries, with no mismatch', async () => {
    const { container, queryClient } = await profileAsServed();
    const heading = container.querySelector('h1');
    // As main.tsx: once the cache holds the page's answers.
    await hydrateWithoutMismatch(container, '/profile', queryClient, () =>
      queriesSettled(queryClient),
    );
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Sérgio Rodrigues');
  });

  it('hydrates the bell as the server rendered it when its list arrives first, then counts it', async () => {
    const { container, queryClient } = await profileAsServed();
    await hydrateWithoutMismatch(container, '/profile', queryClient, async () => {
      await queriesSettled(queryClient);
      // The side menu's list, in before React hydrates the bell (a Suspense boundary, hydrated
      // after the page's first commit).
      queryClient.setQueryData(pendingQueryOptions(wireUser('owner').id).queryKey, [
        { id: '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e00', url: '/profile', message: 'Verifique' },
      ]);
    });
    expect(within(container).getByRole('button', { name: 'Notificações (1)' })).toBeVisible();
  });
});

/**
 * The API of a staff list's render: the session (`role`'s, with the demo technician's id), no
 * pendências, and `items` for any list, answered by path; every URL asked is noted.
 */
function staffApi(role: 'technician' | 'admin', items: unknown[]) {
  const asked: string[] = [];
  const answers: Record<string, () => Response> = {
    '/api/auth/info': () => json(wireUser(role, { id: TECHNICIAN_ID })),
    '/api/process-instance/pending': () => json([]),
    '/api/process-instance/all': () =>
      json(items, { headers: { 'X-Total-Count': String(items.length) } }),
    '/api/process-instance/search': () =>
      json(items, { headers: { 'X-Total-Count': String(items.length) } }),
  };
  const fetch = (url: string) => {
    asked.push(url);
    const answer = answers[url.split('?', 1)[0]!];
    return Promise.resolve(answer ? answer() : json({ detail: 'not found' }, { status: 404 }));
  };
  const lists = () =>
    asked
      .filter((url) => url.startsWith('/api/process-instance/all') || url.includes('/search'))
      .map((url) => new URL(url, 'http://x'));
  return { asked, fetch, lists, answers };
}

describe('a staff list rendered on the server', () => {
  afterEach(() => setHydratingServerPage(false));

  it("paints a technician's Pendentes with their own requests, asked as the page asks", async () => {
    mockFetch({});
    const api = staffApi('technician', [wireInstance()]);
    const html = await renderSignedIn('/pendings', { token: 'a.b.c', timeZone: 'UTC', ...api });
    expect(html?.screen).toContain('Granja Arroio Duro');
    const [list, ...others] = api.lists();
    expect(others).toEqual([]);
    expect(list?.searchParams.get('technician_id')).toBe(TECHNICIAN_ID);
    expect(list?.searchParams.get('status')).toBe('in_progress');
    // A phone's cards: the server renders the page as a phone shows it.
    expect(list?.searchParams.get('limit')).toBe('12');
    expect(api.asked).toContain('/api/process-instance/pending');
  });

  it("paints every waiting request when the address asks for them all ('atribuidas=todas')", async () => {
    mockFetch({});
    const api = staffApi('technician', [wirePending()]);
    const html = await renderSignedIn('/pendings?atribuidas=todas', {
      token: 'a.b.c',
      timeZone: 'UTC',
      ...api,
    });
    expect(html?.screen).toContain('Fazenda Lagoa Mirim');
    const [list] = api.lists();
    expect(list?.searchParams.get('status')).toBe('pending');
    expect(list?.searchParams.has('technician_id')).toBe(false);
  });

  it("paints Processos em andamento for the address's view: its search and page", async () => {
    mockFetch({});
    const api = staffApi('admin', [wireInstance()]);
    const html = await renderSignedIn('/process-instances?busca=arroio&pagina=2', {
      token: 'a.b.c',
      timeZone: 'UTC',
      ...api,
    });
    expect(html?.screen).toContain('Granja Arroio Duro');
    const [list, ...others] = api.lists();
    expect(others).toEqual([]);
    expect(list?.pathname).toBe('/api/process-instance/search');
    expect(list?.searchParams.get('query')).toBe('arroio');
    expect(list?.searchParams.get('offset')).toBe('12');
  });

  it("paints Usuários and Propriedades for the address's search and page", async () => {
    mockFetch({});
    const asked: string[] = [];
    const fetch = (url: string) => {
      asked.push(url);
      if (url === '/api/auth/info') return Promise.resolve(json(wireUser('admin')));
      if (url.startsWith('/api/user/search?'))
        return Promise.resolve(
          json([wireUser('technician', { id: TECHNICIAN_ID, first_name: 'Rafael' })], {
            headers: { 'X-Total-Count': '13' },
          }),
        );
      if (url.startsWith('/api/property/all?'))
        return Promise.resolve(json([], { headers: { 'X-Total-Count': '0' } }));
      return Promise.resolve(json([]));
    };
    const request = { token: 'a.b.c', timeZone: 'UTC', fetch };
    const users = await renderSignedIn('/users?busca=rafael&pagina=2', request);
    expect(users?.screen).toContain('Rafael Souza');
    expect(asked).toContain('/api/user/search?query=rafael&limit=12&offset=12');
    const properties = await renderSignedIn('/properties', request);
    expect(properties?.screen).toContain('Nenhuma propriedade cadastrada');
    expect(asked).toContain('/api/property/all?limit=20&offset=0');
  });

  /** The page the server rendered at `path`, in the document, its answers for the browser's calls. */
  async function servedList(path: string) {
    const api = staffApi('admin', [wireInstance()]);
    const html = await renderSignedIn(path, { token: STORED_TOKEN, timeZone: 'UTC', ...api });
    const container = document.createElement('div');
    container.innerHTML = html!.screen;
    document.body.append(container);
    storeToken(STORED_TOKEN);
    const browserApi = Object.fromEntries(
      ['auth/info', 'process-instance/pending', 'process-instance/all'].map((path) => [
        `GET /api/${path}`,
        () => api.answers[`/api/${path}`]!(),
      ]),
    );
    const browserFetch = mockFetch({
      ...browserApi,
      'GET /api/stamp/all': json([]),
      'GET /api/process/options': json([]),
      'GET /api/users/technicians': json([]),
      'GET /api/settings/stale-days': json({ days: 30 }),
    });
    return { container, browserFetch };
  }

  it('hydrates on a phone as the server rendered it, with no mismatch', async () => {
    const { container } = await servedList('/process-instances');
    const heading = container.querySelector('h1');
    const queryClient = createQueryClient();
    prefetchSessionUser(queryClient);
    await hydrateWithoutMismatch(container, '/process-instances', queryClient, () =>
      queriesSettled(queryClient),
    );
    expect(container.querySelector('h1')).toBe(heading);
    expect(within(container).getByText('Granja Arroio Duro')).toBeVisible();
  });

  it("hydrates on a wide screen as the server's cards, then shows the table", async () => {
    const { container, browserFetch } = await servedList('/process-instances');
    const heading = container.querySelector('h1');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: true,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    const queryClient = createQueryClient();
    prefetchSessionUser(queryClient);
    // As main.tsx: the loaders also ask for the phone's page the server rendered.
    setHydratingServerPage(true);
    await hydrateWithoutMismatch(container, '/process-instances', queryClient, async () => {
      setHydratingServerPage(false);
      await queriesSettled(queryClient);
    });
    const limits = browserFetch.mock.calls
      .map(([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://x'))
      .filter((url) => url.pathname === '/api/process-instance/all')
      .map((url) => url.searchParams.get('limit'));
    expect(limits.sort()).toEqual(['12', '25']);
    expect(container.querySelector('h1')).toBe(heading);
    expect(await within(container).findByRole('table')).toBeVisible();
  });
});

describe('a signed-in page asked for with a hostile address', () => {
  const SEGMENTS = [
    '..',
    '%2e%2e',
    '..%2F..%2Findex.html',
    'x%3Fadmin%3D1',
    '%23fragment',
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    "'%20OR%20'1'%3D'1",
    '%',
    '%00',
    '%E0%A4%A',
    '%F0%9F%8C%BE',
    'a'.repeat(4000),
  ];
  const paths = SEGMENTS.flatMap((segment) => [
    `/property/${segment}`,
    `/producer-details/${segment}`,
    `/producer-details/${segment}/form-instance/${segment}`,
  ]);

  it.each(paths)('%s: renders or declines, asking the API only', async (path) => {
    mockFetch({});
    const api = serverApi(PROFILE_ANSWERS('Ana'));
    const html = await renderSignedIn(path, { token: 'a.b.c', timeZone: 'UTC', ...api });
    expect(html === null || typeof html.screen === 'string').toBe(true);
    for (const url of api.asked) expect(url).toMatch(/^\/api\//);
  });
});
