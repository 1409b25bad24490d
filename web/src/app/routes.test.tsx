import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callTo, json, mockFetch } from '../../test/fetch-mock';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { storeToken } from '../../test/users';
import { createRoutes } from './routes';

function renderApp(path: string) {
  const fetchMock = mockFetch({
    'GET /api/stamp/all': json([]),
    // The session check stays under way: what a page asks meanwhile is asked beside it.
    'GET /api/auth/info': () => new Promise<Response>(() => {}),
  });
  const queryClient = createTestQueryClient();
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

    it.each(pages)('%s, with a stored token', async (path, key, url) => {
      storeToken();
      const fetchMock = renderApp(path);
      await waitFor(() => expect(callTo(fetchMock, key)?.url).toBe(url));
      expect(new Headers(callTo(fetchMock, key)?.init.headers).get('Authorization')).toBe(
        'Bearer stored-token',
      );
      expect(callTo(fetchMock, 'GET /api/auth/info')).toBeDefined();
    });

    it.each(pages)('%s, without a token: nothing is asked', async (path, key) => {
      const fetchMock = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
      expect(callTo(fetchMock, key)).toBeUndefined();
    });
  });
});
