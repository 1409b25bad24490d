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
  wireInspection,
  wireOngoingDetail,
  wirePendency,
  wireReview,
} from './features/instances/test-data';

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
    expect(await renderSignedIn('/users', { ...request, ...unasked })).toBeNull();
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
