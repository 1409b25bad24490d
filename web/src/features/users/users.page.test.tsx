import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { messages, type ManagedUser, type UserEvent } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { wideScreen } from '../../../test/media';
import { LocationProbe, renderWithProviders, typeWithoutPauses } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { UsersPage } from './users.page';

const ALL = 'GET /api/user/all';
const SEARCH = 'GET /api/user/search';
const ME = wireUser('admin', { first_name: 'Beatriz', last_name: 'Admin' });

function managed(id: string, overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    ...wireUser('owner'),
    id: `0190a3c2-7b1e-7c3a-9f1e-0000000000${id}`,
    created_at: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

const angela = managed('a1', {
  first_name: 'Ângela',
  last_name: 'Conceição',
  email: 'angela@fazenda.com.br',
  role: 'owner',
});
const joao = managed('b2', {
  first_name: 'João',
  last_name: 'Pereira',
  email: 'joao@fazenda.com.br',
  role: 'user',
  disabled: true,
});
const me = { ...ME, created_at: '2026-01-01T12:00:00.000Z' };

const history: UserEvent[] = [
  {
    id: '0190a3c2-7b1e-7c3a-9f1e-0000000000e1',
    type: 'disabled',
    message: 'Conta desativada',
    actor: { id: ME.id, name: 'Beatriz Admin' },
    created_at: '2026-03-11T13:30:00.000Z',
  },
];

const urls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input));

function renderPage(routes: Parameters<typeof mockFetch>[0], route = '/users') {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(ME),
    [ALL]: json([angela, joao, me], { headers: { 'X-Total-Count': '3' } }),
    ...routes,
  });
  renderWithProviders(
    <>
      <Notifications />
      <UsersPage />
      <LocationProbe />
    </>,
    { route },
  );
  return fetchMock;
}

const cardOf = async (name: string) => within(await screen.findByRole('article', { name }));

async function openManage(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Gerenciar ${name}` }));
  return within(await screen.findByRole('dialog', { name: 'Gerenciar usuário' }));
}

describe('UsersPage', () => {
  it('shows one card per account: initials, name, e-mail, role, status and "Você"', async () => {
    const fetchMock = renderPage({});
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();

    const card = await cardOf('Ângela Conceição');
    expect(card.getByText('ÂC')).toBeInTheDocument();
    expect(card.getByText('angela@fazenda.com.br')).toBeInTheDocument();
    expect(card.getByText('Produtor')).toBeInTheDocument();
    expect(card.getByText('Ativo')).toBeInTheDocument();

    const disabled = await cardOf('João Pereira');
    expect(disabled.getByText('Usuário')).toBeInTheDocument();
    expect(disabled.getByText('Inativo')).toBeInTheDocument();

    const mine = await cardOf('Beatriz Admin');
    expect(mine.getByText('Administrador')).toBeInTheDocument();
    // The signed-in account arrives with the session, a render after the list.
    expect(await mine.findByText('Você')).toBeInTheDocument();
    expect(card.queryByText('Você')).toBeNull();
    expect(screen.getByText('3 usuários')).toBeInTheDocument();
    expect(urls(fetchMock)).toContain('/api/user/all?limit=12&offset=0');
  });

  it('searches the server as the admin types, and shows the empty state', async () => {
    const fetchMock = renderPage({
      [SEARCH]: () => json([], { headers: { 'X-Total-Count': '0' } }),
    });
    await cardOf('Ângela Conceição');
    await typeWithoutPauses(screen.getByRole('searchbox', { name: 'Buscar usuários' }), '529.982');
    // Debounced: one search for what was typed, not one per key.
    expect(
      await screen.findByText('Nenhum usuário encontrado', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/users?busca=529.982');
    expect(urls(fetchMock).filter((url) => url.includes('/search'))).toEqual([
      '/api/user/search?query=529.982&limit=12&offset=0',
    ]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Limpar busca' })[0]!);
    expect(await screen.findByRole('article', { name: 'Ângela Conceição' })).toBeInTheDocument();
  });

  it('pages through many accounts', async () => {
    const fetchMock = renderPage({
      [ALL]: json([angela], { headers: { 'X-Total-Count': '30' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/user/all?limit=12&offset=24'));
    expect(screen.getByTestId('location')).toHaveTextContent('/users?pagina=3');
  });

  it('shows why the list failed and tries again', async () => {
    renderPage({ [ALL]: json({ detail: messages.auth.forbidden }, { status: 403 }) });
    expect(await screen.findByText(messages.auth.forbidden)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('disables an account from the modal, says so and refreshes the list', async () => {
    let disabled = false;
    const fetchMock = renderPage({
      [ALL]: () => json([{ ...angela, disabled }, joao, me], { headers: { 'X-Total-Count': '3' } }),
      [`GET /api/user/${angela.id}/events`]: json([]),
      [`PUT /api/user/${angela.id}/disable`]: () => {
        disabled = true;
        return json({ ...angela, disabled: true });
      },
    });
    const modal = await openManage('Ângela Conceição');
    expect(await modal.findByText('Nenhuma alteração registrada nesta conta.')).toBeInTheDocument();
    await userEvent.click(modal.getByRole('button', { name: 'Desativar conta' }));

    expect(
      await screen.findByText(
        'Conta de Ângela Conceição desativada. As sessões abertas dela foram encerradas.',
      ),
    ).toBeInTheDocument();
    expect(await modal.findByRole('button', { name: 'Reativar conta' })).toBeInTheDocument();
    const card = await cardOf('Ângela Conceição');
    await waitFor(() => expect(card.getByText('Inativo')).toBeInTheDocument());
    expect(urls(fetchMock).filter((url) => url.startsWith('/api/user/all'))).toHaveLength(2);
  });

  it('offers no disabling for admins', async () => {
    renderPage({ [`GET /api/user/${me.id}/events`]: json([]) });
    const modal = await openManage('Beatriz Admin');
    expect(modal.getByText('Você não pode desativar a sua própria conta.')).toBeInTheDocument();
    expect(modal.queryByRole('button', { name: 'Desativar conta' })).toBeNull();
    expect(modal.queryByRole('button', { name: 'Tornar Administrador' })).toBeNull();
    expect(modal.queryByRole('button', { name: 'Tornar Técnico' })).toBeNull();
  });

  it('promotes to technician with a CREA checked on the spot and sent as multipart', async () => {
    const fetchMock = renderPage({
      [`GET /api/user/${angela.id}/events`]: json(history),
      [`PUT /api/user/${angela.id}/set-technician`]: json({
        ...angela,
        role: 'technician',
        crea: '00000001234567',
      }),
    });
    const modal = await openManage('Ângela Conceição');
    expect(await modal.findByText('Conta desativada')).toBeInTheDocument();
    expect(
      modal.getByText(/^Por Beatriz Admin em \d{2}\/\d{2}\/2026 às \d{2}:\d{2}$/),
    ).toBeVisible();

    const crea = modal.getByLabelText(/^CREA/);
    await userEvent.click(modal.getByRole('button', { name: 'Tornar Técnico' }));
    expect(await modal.findByText(messages.users.creaRequired)).toBeInTheDocument();
    await userEvent.type(crea, '123456');
    await userEvent.click(modal.getByRole('button', { name: 'Tornar Técnico' }));
    expect(await modal.findByText(messages.register.creaInvalid)).toBeInTheDocument();
    expect(callTo(fetchMock, `PUT /api/user/${angela.id}/set-technician`)).toBeUndefined();

    await userEvent.type(crea, '7');
    expect(crea).toHaveValue('12.345-67');
    await userEvent.click(modal.getByRole('button', { name: 'Tornar Técnico' }));
    expect(await screen.findByText('Ângela Conceição agora é Técnico.')).toBeInTheDocument();
    const body = callTo(fetchMock, `PUT /api/user/${angela.id}/set-technician`)?.init
      .body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ crea: '00000001234567' });
    // A technician cannot be made one again.
    await waitFor(() => expect(modal.queryByRole('button', { name: 'Tornar Técnico' })).toBeNull());
  });

  it('makes an account admin only after a confirmation', async () => {
    const fetchMock = renderPage({
      [`GET /api/user/${angela.id}/events`]: json([]),
      [`PUT /api/user/${angela.id}/set-admin`]: json({ ...angela, role: 'admin' }),
    });
    const modal = await openManage('Ângela Conceição');
    await userEvent.click(modal.getByRole('button', { name: 'Tornar Administrador' }));
    expect(modal.getByText('Tornar Ângela Conceição Administrador?')).toBeInTheDocument();
    await userEvent.click(modal.getByRole('button', { name: 'Cancelar' }));
    expect(callTo(fetchMock, `PUT /api/user/${angela.id}/set-admin`)).toBeUndefined();

    await userEvent.click(modal.getByRole('button', { name: 'Tornar Administrador' }));
    await userEvent.click(modal.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Ângela Conceição agora é Administrador.')).toBeInTheDocument();
    expect(
      await modal.findByText('Administradores não podem ser desativados.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal in the modal', async () => {
    renderPage({
      [`GET /api/user/${joao.id}/events`]: json([]),
      [`PUT /api/user/${joao.id}/enable`]: json(
        { detail: messages.users.notFound },
        { status: 404 },
      ),
    });
    const modal = await openManage('João Pereira');
    expect(modal.getByText('Reative a conta antes de torná-la Administrador.')).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Tornar Administrador' })).toBeDisabled();
    await userEvent.click(modal.getByRole('button', { name: 'Reativar conta' }));
    expect(await modal.findByRole('alert')).toHaveTextContent(messages.users.notFound);
  });
});

describe('UsersPage from 992 px: the table', () => {
  const tableRows = async () => {
    const table = await screen.findByRole('table', { name: 'Usuários' });
    return within(table).getAllByRole('row').slice(1);
  };

  it('reads the view from the address, asks the server for it and shows the rows', async () => {
    wideScreen();
    const fetchMock = renderPage({}, '/users?papel=produtor&situacao=ativos&ordem=-cadastro');
    const [first] = await tableRows();
    const row = within(first!);
    expect(row.getByText('Ângela Conceição')).toBeInTheDocument();
    expect(row.getByText('angela@fazenda.com.br')).toBeInTheDocument();
    expect(row.getByText('Produtor')).toBeInTheDocument();
    expect(row.getByText('Ativo')).toBeInTheDocument();
    expect(row.getByText('10/03/2026')).toBeInTheDocument();
    expect(screen.getByText('3 usuários')).toBeInTheDocument();
    expect(await screen.findByText('Você')).toBeInTheDocument();
    expect(urls(fetchMock)).toContain(
      '/api/user/all?role=owner&status=active&sort=-created_at&limit=25&offset=0',
    );
    const filters = within(screen.getByRole('form', { name: 'Filtros' }));
    expect(filters.getByRole('textbox', { name: 'Papel' })).toHaveValue('Produtor');
    expect(filters.getByRole('textbox', { name: 'Situação' })).toHaveValue('Ativos');
    expect(screen.getByRole('columnheader', { name: 'Cadastro' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('sorts by a column, then the other way, each a new address', async () => {
    wideScreen();
    const fetchMock = renderPage({});
    await tableRows();
    const email = screen.getByRole('columnheader', { name: 'E-mail' });
    await userEvent.click(within(email).getByRole('button'));
    await waitFor(() => expect(email).toHaveAttribute('aria-sort', 'ascending'));
    expect(screen.getByTestId('location')).toHaveTextContent('/users?ordem=email');
    await userEvent.click(within(email).getByRole('button'));
    await waitFor(() => expect(email).toHaveAttribute('aria-sort', 'descending'));
    expect(screen.getByTestId('location')).toHaveTextContent('/users?ordem=-email');
    await waitFor(() =>
      expect(urls(fetchMock)).toContain('/api/user/all?sort=-email&limit=25&offset=0'),
    );
  });

  it('filters by role and status, searches within them and clears the filters', async () => {
    wideScreen();
    const fetchMock = renderPage({
      [SEARCH]: json([angela], { headers: { 'X-Total-Count': '1' } }),
    });
    await tableRows();
    const filters = within(screen.getByRole('form', { name: 'Filtros' }));
    await userEvent.click(filters.getByRole('textbox', { name: 'Papel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Técnico' }));
    await userEvent.click(filters.getByRole('textbox', { name: 'Situação' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inativos' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/users?papel=tecnico&situacao=inativos',
    );
    await userEvent.click(screen.getByRole('searchbox', { name: 'Buscar usuários' }));
    await userEvent.paste('angela');
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        '/api/user/search?role=technician&status=inactive&sort=name&query=angela&limit=25&offset=0',
      ),
    );
    await userEvent.click(filters.getByRole('button', { name: 'Limpar filtros' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/users?busca=angela');
  });

  it("opens 'Gerenciar' from a row", async () => {
    wideScreen();
    renderPage({ [`GET /api/user/${joao.id}/events`]: json(history) });
    await tableRows();
    const modal = await openManage('João Pereira');
    expect(await modal.findByText('Conta desativada')).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Reativar conta' })).toBeInTheDocument();
  });
});
