import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@agroselo/contracts';
import { json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { AppHeader } from './app-header';
import { AppLayout } from './app-layout';

// The real header, counted: the pending items' arrival must not render it again.
vi.mock('./app-header', async (importOriginal) => {
  const original = await importOriginal<{ AppHeader: typeof AppHeader }>();
  return { AppHeader: vi.fn(original.AppHeader) };
});

const pendingItems = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `0190a3c2-0000-7000-8000-${String(index).padStart(12, '0')}`,
    url: `/producer-details/${index}`,
    message: 'Processo solicitado. Avalie aqui!',
  }));

function renderShell(
  role: Role | null,
  pending: ReturnType<typeof pendingItems> | Promise<Response> = pendingItems(0),
) {
  if (role) storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': role ? json(wireUser(role)) : json({ detail: 'x' }, { status: 401 }),
    'GET /api/process-instance/pending': pending instanceof Promise ? () => pending : json(pending),
  });
  renderLayout();
  return fetchMock;
}

function renderLayout() {
  renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<LocationProbe />} />
      </Route>
    </Routes>,
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Navegação principal' });

describe('AppLayout header', () => {
  it('shows the brand and the institutional links', () => {
    renderShell(null);
    expect(screen.getByRole('link', { name: /AgroSelo/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'UFPel' })).toHaveAttribute(
      'href',
      'https://portal.ufpel.edu.br',
    );
    expect(screen.getByRole('link', { name: 'IRGA' })).toHaveAttribute(
      'href',
      'https://irga.rs.gov.br',
    );
  });

  it('announces the session it waits for as a status, a name its role allows', () => {
    storeToken();
    mockFetch({ 'GET /api/auth/info': () => new Promise<Response>(() => {}) });
    renderLayout();
    // axe refused the label on Mantine's Loader, a span of no role (aria-prohibited-attr).
    expect(screen.getByRole('status', { name: 'Carregando sessão' })).toBeInTheDocument();
  });

  it('offers only "Entrar" to visitors: no bell, no menu', () => {
    const fetchMock = renderShell(null);
    expect(within(mainNav()).getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('button', { name: /Notificações/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abrir menu' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows '99+' on the bell for 150 pending items and lists them", async () => {
    renderShell('technician', pendingItems(150));
    const bell = await screen.findByRole('button', { name: 'Notificações (99+)' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();

    await userEvent.click(bell);
    const items = await screen.findAllByRole('menuitem', {
      name: 'Processo solicitado. Avalie aqui!',
    });
    expect(items[0]).toHaveAttribute('href', '/producer-details/0');
  });

  it("says 'Nenhuma notificação' when nothing is pending", async () => {
    renderShell('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações' }));
    expect(await screen.findByText('Nenhuma notificação')).toBeInTheDocument();
  });

  it('gives owners a Propriedades link to their profile section, and no side menu', async () => {
    renderShell('owner');
    expect(await within(mainNav()).findByRole('link', { name: 'Propriedades' })).toHaveAttribute(
      'href',
      '/profile#properties',
    );
    expect(within(mainNav()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Usuários/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Relatórios' })).toBeNull();
  });

  it('gives technicians the Dashboard and their side menu, without Usuários and Selos', async () => {
    renderShell('technician', pendingItems(3));
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/process-instances',
    );
    const side = screen.getByRole('navigation', { name: 'Menu lateral' });
    expect(within(side).getByRole('link', { name: 'Processos em andamento' })).toBeInTheDocument();
    const pendings = within(side).getByRole('link', { name: /Pendentes/ });
    expect(pendings).toHaveAttribute('href', '/pendings');
    expect(await within(pendings).findByText('3')).toBeInTheDocument();
    expect(within(side).queryByRole('link', { name: 'Usuários' })).toBeNull();
    expect(within(side).queryByRole('link', { name: 'Selos' })).toBeNull();
    expect(within(side).getByRole('link', { name: 'Relatórios' })).toHaveAttribute(
      'href',
      '/reports',
    );
  });

  it('renders only the badge again when the pending items arrive, not the header', async () => {
    let resolve: (response: Response) => void = () => undefined;
    const answer = new Promise<Response>((settle) => (resolve = settle));
    renderShell('technician', answer);
    const side = await screen.findByRole('navigation', { name: 'Menu lateral' });
    const pendings = within(side).getByRole('link', { name: /Pendentes/ });
    await screen.findByRole('button', { name: 'Notificações' });
    const headerRenders = vi.mocked(AppHeader).mock.calls.length;

    resolve(json(pendingItems(3)));
    expect(await within(pendings).findByText('3')).toBeInTheDocument();
    expect(vi.mocked(AppHeader).mock.calls.length).toBe(headerRenders);
  });

  it('gives admins Usuários, Selos, Propriedades and Relatórios in the side menu', async () => {
    renderShell('admin');
    const side = await screen.findByRole('navigation', { name: 'Menu lateral' });
    expect(within(side).getByRole('link', { name: 'Relatórios' })).toHaveAttribute(
      'href',
      '/reports',
    );
    expect(within(side).getByRole('link', { name: 'Usuários' })).toHaveAttribute('href', '/users');
    expect(within(side).getByRole('link', { name: 'Selos' })).toHaveAttribute('href', '/stamps');
    expect(within(side).getByRole('link', { name: 'Propriedades' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it('does not fetch pending items for the role user', async () => {
    const fetchMock = renderShell('user');
    await screen.findByRole('button', { name: /^Menu do usuário/ });
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual(['/api/auth/info']);
  });

  it('links the name to the profile and logs out from the user menu', async () => {
    renderShell('owner');
    expect(await screen.findByRole('link', { name: 'Maria Souza' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Menu do usuário: Maria Souza (Produtor)' }),
    );
    expect(screen.getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));

    expect(await within(mainNav()).findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
