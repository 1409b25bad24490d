import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, type User } from '@agroselo/contracts';
import { TOKEN_STORAGE_KEY } from '../../api';
import { AppLayout } from '../../app/layouts/app-layout';
import { RequireAuth } from '../../app/require-auth';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { wireProperty } from '../properties/test-data';
import { Profile } from '../../app/pages/profile.page';

// The page loads its dialogs on first use: imported here once, so that a first opening does not
// wait for a cold module graph on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('./components/edit-field-modal'),
    import('./components/change-password-modal'),
    import('./components/delete-account-modal'),
  ]);
});

type Routes = Parameters<typeof mockFetch>[0];

function renderProfile(
  user: User | null,
  routes: Routes = {},
  { route = '/profile', shell = false } = {},
) {
  if (user) storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': user ? json(user) : json({ detail: 'x' }, { status: 401 }),
    'GET /api/process-instance/pending': json([]),
    'GET /api/property/all': json([]),
    ...routes,
  });
  const page = (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
  renderWithProviders(
    <Routes>
      {shell ? (
        <Route element={<AppLayout />}>
          <Route path="/profile" element={page} />
        </Route>
      ) : (
        <Route path="/profile" element={page} />
      )}
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

const card = (label: string) => screen.getByRole('group', { name: label });
const putBody = (fetchMock: ReturnType<typeof mockFetch>) =>
  JSON.parse(String(callTo(fetchMock, 'PUT /api/auth/update')?.init.body)) as unknown;

async function openEditor(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Editar ${label}` }));
  return screen.findByRole('dialog', { name: `Alterar ${label}` });
}

describe('ProfilePage variants', () => {
  it('shows a producer their data, formatted, and the properties section', async () => {
    const fetchMock = renderProfile(wireUser('owner'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria Souza' }),
    ).toBeInTheDocument();
    expect(card('E-mail')).toHaveTextContent('owner@agroselo.test');
    expect(card('Nome')).toHaveTextContent('Maria');
    expect(card('Sobrenome')).toHaveTextContent('Souza');
    expect(card('CPF')).toHaveTextContent('529.982.247-25');
    expect(card('Telefone')).toHaveTextContent('(53) 99999-8888');
    expect(screen.queryByRole('group', { name: 'CREA' })).toBeNull();

    const section = screen.getByRole('region', { name: 'Propriedades Cadastradas' });
    expect(section).toHaveAttribute('id', 'properties');
    expect(within(section).getByRole('link', { name: 'Adicionar propriedade' })).toHaveAttribute(
      'href',
      '/register-property',
    );
    expect(await within(section).findByText('Nenhuma propriedade cadastrada')).toBeVisible();
    expect(section).toHaveTextContent(/Use o botão “Adicionar propriedade” acima/);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/property/all?limit=10&offset=0',
    );
  });

  it("shows a producer's properties as cards with an edit button and their seal badges", async () => {
    renderProfile(wireUser('owner'), {
      'GET /api/property/all': json([wireProperty()], { headers: { 'X-Total-Count': '1' } }),
    });
    const card = await screen.findByRole('article', { name: 'Granja Arroio Duro' });
    expect(card).toHaveTextContent('29.384.756/0001-63');
    expect(within(card).getByRole('link', { name: 'Editar Granja Arroio Duro' })).toHaveAttribute(
      'href',
      `/edit-property/${wireProperty().id}`,
    );
    expect(
      within(card).getByRole('button', { name: 'Arroz Sustentável RS: Em Andamento' }),
    ).toBeVisible();
    expect(screen.queryByText('Nenhuma propriedade cadastrada')).toBeNull();
  });

  it('gives the role user the producer variant too, and formats a landline', async () => {
    renderProfile(wireUser('user', { phone: '5332221111' }));
    expect(
      await screen.findByRole('region', { name: 'Propriedades Cadastradas' }),
    ).toBeInTheDocument();
    expect(card('Telefone')).toHaveTextContent('(53) 3222-1111');
  });

  it('shows a technician the CREA, formatted, and no properties', async () => {
    renderProfile(wireUser('technician', { crea: '00000001827364' }));
    expect(await screen.findByRole('group', { name: 'CREA' })).toHaveTextContent('18.273-64');
    expect(screen.getByText('Técnico')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Propriedades Cadastradas' })).toBeNull();
  });

  it('shows no CREA card to a technician without one', async () => {
    renderProfile(wireUser('technician', { crea: null }));
    await screen.findByRole('group', { name: 'CPF' });
    expect(screen.queryByRole('group', { name: 'CREA' })).toBeNull();
  });

  it('shows an admin the personal cards only', async () => {
    renderProfile(wireUser('admin', { crea: '00000001827364' }));
    expect(await screen.findAllByRole('button', { name: /^Editar / })).toHaveLength(5);
    expect(screen.queryByRole('group', { name: 'CREA' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Propriedades Cadastradas' })).toBeNull();
  });

  it('sends a role without a profile variant home', async () => {
    renderProfile(wireUser('staff'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('sends visitors to the login and pending accounts to the verification', async () => {
    renderProfile(null);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fprofile');
  });

  it('sends an account still to verify to the verification code', async () => {
    renderProfile(wireUser('owner', { pending: true }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/verification-code');
  });

  it('has a Home link and scrolls to #properties', async () => {
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderProfile(wireUser('owner'), {}, { route: '/profile#properties' });
    await screen.findByRole('region', { name: 'Propriedades Cadastradas' });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toHaveAttribute('id', 'properties');
    expect(scroll.mock.calls.at(-1)?.[0]).toMatchObject({ behavior: 'smooth' });
  });

  it('toggles its section list when the app has no side menu here', async () => {
    renderProfile(wireUser('owner'));
    const toggle = await screen.findByRole('button', { name: 'Seções do perfil' });
    const nav = screen.getByRole('navigation', { name: 'Seções do perfil' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Propriedades' })).toHaveAttribute(
      'href',
      '/profile#properties',
    );
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toBeVisible();
  });

  it("toggles the app's side menu when there is one", async () => {
    renderProfile(wireUser('technician'), {}, { shell: true });
    const toggle = await screen.findByRole('button', { name: 'Menu lateral' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toBeInTheDocument();
  });
});

describe('ProfilePage edit modal', () => {
  it('saves one field with its wire name, closes and refreshes the user', async () => {
    const saved = { done: false };
    const fetchMock = renderProfile(wireUser('owner'), {
      'GET /api/auth/info': () =>
        json(wireUser('owner', saved.done ? { first_name: 'Joana' } : {})),
      'PUT /api/auth/update': () => {
        saved.done = true;
        return json(wireUser('owner', { first_name: 'Joana' }));
      },
    });
    const dialog = await openEditor('Nome');
    const input = within(dialog).getByLabelText(/^Nome/);
    expect(input).toHaveValue('Maria');
    await userEvent.clear(input);
    await userEvent.type(input, 'Joana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(card('Nome')).toHaveTextContent('Joana'));
    expect(putBody(fetchMock)).toEqual({ first_name: 'Joana' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits the CPF through its mask and sends the digits', async () => {
    const fetchMock = renderProfile(wireUser('owner'), {
      'PUT /api/auth/update': json(wireUser('owner', { cpf: '11144477735' })),
    });
    const dialog = await openEditor('CPF');
    const input = within(dialog).getByLabelText(/^CPF/);
    expect(input).toHaveValue('529.982.247-25');
    await userEvent.clear(input);
    await userEvent.type(input, '11144477735');
    expect(input).toHaveValue('111.444.777-35');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(putBody(fetchMock)).toEqual({ cpf: '11144477735' });
  });

  it('checks the value with the contract before sending', async () => {
    const fetchMock = renderProfile(wireUser('owner'));
    const dialog = await openEditor('CPF');
    const input = within(dialog).getByLabelText(/^CPF/);
    await userEvent.clear(input);
    await userEvent.type(input, '11144477700');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao atualizar o cpf: CPF inválido',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callTo(fetchMock, 'PUT /api/auth/update')).toBeUndefined();
  });

  it.each([
    ['E-mail', 'email', 'outra@agroselo.test'],
    ['Nome', 'nome', 'Joana'],
    ['Sobrenome', 'sobrenome', 'Pereira'],
    ['CPF', 'cpf', '11144477735'],
    ['Telefone', 'telefone', '5332221111'],
    ['CREA', 'CREA', '7654321'],
  ])("alerts 'Erro ao atualizar o …' with the server message (%s)", async (label, name, value) => {
    renderProfile(wireUser('technician'), {
      'PUT /api/auth/update': json({ detail: 'Mensagem do servidor' }, { status: 409 }),
    });
    const dialog = await openEditor(label);
    const input = within(dialog).getByLabelText(new RegExp(`^${label}`));
    await userEvent.clear(input);
    await userEvent.type(input, value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Erro ao atualizar o ${name}: Mensagem do servidor`,
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes without saving on Cancelar and on the close icon', async () => {
    const fetchMock = renderProfile(wireUser('owner'));
    let dialog = await openEditor('Sobrenome');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openEditor('Sobrenome');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callTo(fetchMock, 'PUT /api/auth/update')).toBeUndefined();
  });

  it('keeps the new token of an e-mail change where the old one was, and asks for the code', async () => {
    const changed = { done: false };
    const pending = wireUser('owner', { email: 'nova@agroselo.test', pending: true });
    const fetchMock = renderProfile(wireUser('owner'), {
      'GET /api/auth/info': () => json(changed.done ? pending : wireUser('owner')),
      'PUT /api/auth/update': () => {
        changed.done = true;
        return json({ ...pending, access_token: 'token-after-email-change' });
      },
    });
    const dialog = await openEditor('E-mail');
    const input = within(dialog).getByLabelText(/^E-mail/);
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.clear(input);
    await userEvent.type(input, 'Nova@AgroSelo.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/verification-code'),
    );
    expect(putBody(fetchMock)).toEqual({ email: 'nova@agroselo.test' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-after-email-change');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const lastInfo = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/auth/info')
      .at(-1);
    expect(new Headers(lastInfo?.[1]?.headers).get('Authorization')).toBe(
      'Bearer token-after-email-change',
    );
  });

  it('does not call the server when nothing changed', async () => {
    const fetchMock = renderProfile(wireUser('owner'));
    const dialog = await openEditor('Telefone');
    expect(within(dialog).getByLabelText(/^Telefone/)).toHaveValue('(53) 99999-8888');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callTo(fetchMock, 'PUT /api/auth/update')).toBeUndefined();
  });
});

describe('ProfilePage password change', () => {
  async function openPassword() {
    await userEvent.click(await screen.findByRole('button', { name: 'Alterar senha' }));
    return within(await screen.findByRole('dialog', { name: 'Alterar senha' }));
  }

  async function fill(dialog: ReturnType<typeof within>, current: string, next: string) {
    await userEvent.type(dialog.getByLabelText(/^Senha atual/), current);
    await userEvent.type(dialog.getByLabelText(/^Nova senha/), next);
    await userEvent.type(dialog.getByLabelText(/^Confirmar nova senha/), next);
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
  }

  it('refuses on the spot a mismatch and the e-mail or the CPF as a password', async () => {
    const fetchMock = renderProfile(wireUser('owner', { email: 'maria.souza@agroselo.test' }));
    const dialog = await openPassword();
    await fill(dialog, 'senha-antiga-1', 'MARIA.SOUZA');
    expect(await dialog.findByText(messages.password.sameAsEmail)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/^Confirmar nova senha/), 'x');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(messages.register.passwordsDiffer)).toBeInTheDocument();
    for (const label of [/^Nova senha/, /^Confirmar nova senha/]) {
      await userEvent.clear(dialog.getByLabelText(label));
      await userEvent.type(dialog.getByLabelText(label), '529.982.247-25');
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(messages.password.sameAsCpf)).toBeInTheDocument();
    expect(callTo(fetchMock, 'PUT /api/auth/password')).toBeUndefined();
  });

  it('shows a wrong current password and the server’s policy refusal under their fields', async () => {
    let answer = json({ detail: messages.password.currentWrong }, { status: 400 });
    renderProfile(wireUser('owner'), { 'PUT /api/auth/password': () => answer });
    const dialog = await openPassword();
    await fill(dialog, 'nao-e-esta-1', 'colheita-de-inverno-9');
    expect(await dialog.findByText(messages.password.currentWrong)).toBeInTheDocument();

    answer = json(
      {
        detail: [
          { loc: ['body', 'new_password'], msg: messages.password.common, type: 'password_policy' },
        ],
      },
      { status: 422 },
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(messages.password.common)).toBeInTheDocument();
  });

  it('changes the password and keeps this session with the new token', async () => {
    const fetchMock = renderProfile(wireUser('owner'), {
      'PUT /api/auth/password': json({
        access_token: 'token-after-password',
        token_type: 'bearer',
      }),
    });
    const dialog = await openPassword();
    await fill(dialog, 'senha-antiga-1', '  colheita de inverno  ');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(callTo(fetchMock, 'PUT /api/auth/password')?.init.body))).toEqual({
      current_password: 'senha-antiga-1',
      new_password: '  colheita de inverno  ',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-after-password');
  });
});
