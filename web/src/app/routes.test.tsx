import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { routes } from './routes';

function renderApp(path: string) {
  mockFetch({ 'GET /api/stamp/all': json([]) });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
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
});
