import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../test/fetch-mock';
import { runIndexHeadScript } from '../../test/index-html';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { STORED_TOKEN, storeToken, wireUser } from '../../test/users';
import { tokenStore } from '../api';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

/** Signed-in pages whose loader asks for their data: the query's key and URL. */
const pages = [
  ['/profile', 'GET /api/property/all', '/api/property/all?limit=10&offset=0'],
  ['/property/p-1', 'GET /api/property/p-1', '/api/property/p-1'],
  ['/producer-details/i-1', 'GET /api/process-instance/i-1', '/api/process-instance/i-1'],
  [
    '/producer-details/i-1/form-instance/f-1',
    'GET /api/process-instance/i-1/form/f-1',
    '/api/process-instance/i-1/form/f-1',
  ],
] as const;

function renderApp(path: string, queryClient = createTestQueryClient()) {
  const fetchMock = mockFetch({
    'GET /api/stamp/all': json([]),
    // The session check stays under way: what a page asks meanwhile is asked beside it.
    'GET /api/auth/info': () => new Promise<Response>(() => {}),
  });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { withRouter: false, queryClient });
  return fetchMock;
}

describe('routes', () => {
  it('shows the not-found page, with a way home, for unknown paths', async () => {
    renderApp('/nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it('serves the privacy policy, naming the LGPD rights and the contact', async () => {
    renderApp('/privacidade');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/13\.709\/2018/)).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: 'privacidade@agroselo.ufpel.edu.br' })[0],
    ).toHaveAttribute('href', 'mailto:privacidade@agroselo.ufpel.edu.br');
  });

  it('serves the terms of use', async () => {
    renderApp('/termos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' }),
    ).toBeInTheDocument();
  });

  it('puts the footer with the copyright and the legal links on the landing page', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(
      '© 2023 AgroSelo — Universidade Federal de Pelotas. Todos os direitos reservados.',
    );
    expect(within(footer).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
    expect(within(footer).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/termos',
    );
  });

  it('renders the login page without the app shell', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  });

  it('renders the sign-up page without the app shell', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  });

  describe('signed-in pages ask for their data beside the session check', () => {
    it.each(pages)('%s, with a stored token', async (path, key, url) => {
      storeToken();
      const fetchMock = renderApp(path);
      await waitFor(() => expect(callTo(fetchMock, key)?.url).toBe(url));
      expect(new Headers(callTo(fetchMock, key)?.init.headers).get('Authorization')).toBe(
        `Bearer ${STORED_TOKEN}`,
      );
      expect(callTo(fetchMock, 'GET /api/auth/info')).toBeDefined();
    });

    // main.tsx hydrates a page the server rendered once the router has matched (its loaders have
    // returned) and no query is fetching: a query started later found the page hydrated without
    // its data, and React threw the server's HTML away (the form page, in a journey).
    it.each(pages)(
      '%s: its query is under way once its loaders have returned',
      async (path, key) => {
        storeToken();
        mockFetch({ [key]: () => new Promise<Response>(() => {}) });
        const queryClient = createTestQueryClient();
        const url = new URL(path, 'http://localhost');
        const request = new Request(url);
        for (const { route, params } of matchRoutes(createRoutes(queryClient), path) ?? [])
          if (typeof route.loader === 'function')
            await route.loader({ params, request, url, pattern: route.path ?? '', context: {} });
        expect(queryClient.isFetching()).toBe(1);
      },
    );

    it.each(pages)('%s, without a token: nothing is asked', async (path, key) => {
      const fetchMock = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
      expect(callTo(fetchMock, key)).toBeUndefined();
    });
  });

  describe("index.html's script asks for them before the app's code, and the app takes its answers", () => {
    /** Runs index.html's inline script as the browser would on a first load of `path`. */
    function runBootScript(path: string, routes: Parameters<typeof mockFetch>[0]) {
      const bootFetch = mockFetch(routes);
      window.history.replaceState(null, '', path);
      runIndexHeadScript();
      window.history.replaceState(null, '', '/');
      return bootFetch;
    }

    afterEach(() => {
      delete window.agroseloBoot;
      // The script also holds the forms sent before the app runs (src/app/early-input.ts).
      window.agroseloEarlyInput?.release();
      delete window.agroseloEarlyInput;
    });

    it.each(pages)('%s: the same requests, asked once', async (path, key, url) => {
      storeToken();
      const bootFetch = runBootScript(path, {
        'GET /api/auth/info': () => new Promise<Response>(() => {}),
        [key]: () => new Promise<Response>(() => {}),
      });
      expect(bootFetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/auth/info', url]);
      for (const [, init] of bootFetch.mock.calls) {
        const headers = new Headers(init?.headers);
        expect(headers.get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
        expect(headers.get('Accept')).toBe('application/json');
      }

      const appFetch = renderApp(path);
      await waitFor(() => expect(window.agroseloBoot?.requests).toEqual({}));
      expect(callTo(appFetch, key)).toBeUndefined();
      expect(callTo(appFetch, 'GET /api/auth/info')).toBeUndefined();
    });

    it('shows the page from the answers it took', async () => {
      storeToken();
      runBootScript('/profile', {
        'GET /api/auth/info': json(wireUser('owner')),
        'GET /api/property/all': json([], { headers: { 'X-Total-Count': '0' } }),
      });
      // The app's own client: what it fetched stays fresh for a while, as in the browser.
      const appFetch = renderApp('/profile', createQueryClient());
      expect(await screen.findByText('Nenhuma propriedade cadastrada')).toBeInTheDocument();
      expect(callTo(appFetch, 'GET /api/auth/info')).toBeUndefined();
      expect(callTo(appFetch, 'GET /api/property/all')).toBeUndefined();
    });

    it('ends the session on a 401, as when the app asks itself (a stored token that expired)', async () => {
      storeToken();
      const expired = () => json({ detail: messages.auth.sessionExpired }, { status: 401 });
      runBootScript('/profile', {
        'GET /api/auth/info': expired,
        'GET /api/property/all': expired,
      });
      const appFetch = renderApp('/profile');
      expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
      expect(tokenStore.get()).toBeNull();
      expect(callTo(appFetch, 'GET /api/auth/info')).toBeUndefined();
      expect(callTo(appFetch, 'GET /api/property/all')).toBeUndefined();
    });

    it('asks for nothing without a stored token', () => {
      const bootFetch = runBootScript('/profile', {});
      expect(bootFetch).not.toHaveBeenCalled();
      expect(window.agroseloBoot).toBeUndefined();
    });

    /** The answers a page the server rendered carries (server/src/plugins/signed-in-pages.ts). */
    function carryAnswers(account: string, responses: Record<string, unknown>) {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = 'agroselo-answers';
      element.textContent = JSON.stringify({ account, responses });
      document.head.append(element);
      return () => {
        element.remove();
        document.documentElement.removeAttribute('data-rendered-for-session');
        document.documentElement.removeAttribute('data-session');
      };
    }

    it("takes the answers a page rendered for this token's session carries, asking for none", async () => {
      storeToken('head.session-a.sig');
      const removeAnswers = carryAnswers('session-a', {
        '/api/auth/info': {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(wireUser('owner')),
        },
        '/api/property/all?limit=10&offset=0': {
          status: 200,
          headers: { 'content-type': 'application/json', 'X-Total-Count': '0' },
          body: '[]',
        },
      });
      try {
        const bootFetch = runBootScript('/profile', {});
        expect(bootFetch).not.toHaveBeenCalled();
        expect(document.documentElement.hasAttribute('data-rendered-for-session')).toBe(true);
        const appFetch = renderApp('/profile', createQueryClient());
        expect(await screen.findByText('Nenhuma propriedade cadastrada')).toBeInTheDocument();
        expect(callTo(appFetch, 'GET /api/auth/info')).toBeUndefined();
        expect(callTo(appFetch, 'GET /api/property/all')).toBeUndefined();
      } finally {
        removeAnswers();
      }
    });

    it("asks anew when the page was rendered for another session than this tab's", () => {
      storeToken('head.session-b.sig');
      const removeAnswers = carryAnswers('session-a', {
        '/api/auth/info': { status: 200, headers: {}, body: JSON.stringify(wireUser('admin')) },
      });
      try {
        const bootFetch = runBootScript('/profile', {
          'GET /api/auth/info': () => new Promise<Response>(() => {}),
          'GET /api/property/all': () => new Promise<Response>(() => {}),
        });
        expect(bootFetch).toHaveBeenCalledTimes(2);
        expect(document.documentElement.hasAttribute('data-rendered-for-session')).toBe(false);
      } finally {
        removeAnswers();
      }
    });

    it("leaves another account's answers alone", async () => {
      storeToken('old-token');
      runBootScript('/property/p-1', {
        'GET /api/auth/info': () => new Promise<Response>(() => {}),
        'GET /api/property/p-1': () => new Promise<Response>(() => {}),
      });
      storeToken('new-token');
      const appFetch = renderApp('/property/p-1');
      await waitFor(() => expect(callTo(appFetch, 'GET /api/property/p-1')).toBeDefined());
      expect(
        new Headers(callTo(appFetch, 'GET /api/property/p-1')?.init.headers).get('Authorization'),
      ).toBe('Bearer new-token');
    });
  });
});
