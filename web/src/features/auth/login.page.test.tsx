import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, type InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages, type Role } from '@agroselo/contracts';
import { TOKEN_STORAGE_KEY } from '../../api';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { wireUser } from '../../../test/users';
import { LoginPage } from './login.page';

function renderLogin(route: InitialEntry = '/login') {
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

function mockLogin(role: Role, pending = false) {
  return mockFetch({
    'POST /api/auth/token': json({ access_token: 'new-token', token_type: 'bearer' }),
    'GET /api/auth/info': json(wireUser(role, { pending })),
  });
}

async function fillAndSubmit({ remember = false } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail/), 'maria@agroselo.test');
  await user.type(screen.getByLabelText(/Senha/), 'segredo123');
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Lembrar de mim' }));
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('LoginPage', () => {
  it('shows the required messages on an empty submit and calls nothing', async () => {
    const fetchMock = mockFetch({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(messages.login.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.login.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail', async () => {
    mockFetch({});
    renderLogin();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'maria');
    await userEvent.type(screen.getByLabelText(/Senha/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(messages.login.emailInvalid)).toBeInTheDocument();
  });

  it('has an e-mail input of type email', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/E-mail/)).toBeRequired();
    expect(screen.getByLabelText(/Senha/)).toBeRequired();
  });

  it('shows the server message when the login fails, and stores nothing', async () => {
    mockFetch({
      'POST /api/auth/token': json({ detail: messages.auth.wrongCredentials }, { status: 401 }),
    });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.wrongCredentials);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });

  it('sends the credentials form-encoded, without a bearer header', async () => {
    const fetchMock = mockLogin('owner');
    renderLogin();
    await fillAndSubmit();
    await screen.findByTestId('location');
    const call = callTo(fetchMock, 'POST /api/auth/token');
    expect(call?.init.body).toBeInstanceOf(URLSearchParams);
    expect(String(call?.init.body)).toBe('username=maria%40agroselo.test&password=segredo123');
    expect(new Headers(call?.init.headers).has('Authorization')).toBe(false);
  });

  it("shows 'Entrando...' and disables the button while busy", async () => {
    let release: (response: Response) => void = () => {};
    mockFetch({
      'POST /api/auth/token': () => new Promise<Response>((resolve) => (release = resolve)),
      'GET /api/auth/info': json(wireUser('owner')),
    });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Entrando...' })).toBeDisabled();
    release(json({ access_token: 't', token_type: 'bearer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
  });

  it('keeps the token in sessionStorage without "Lembrar de mim"', async () => {
    mockLogin('owner');
    renderLogin();
    await fillAndSubmit();
    await screen.findByTestId('location');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the token in localStorage with "Lembrar de mim"', async () => {
    mockLogin('owner');
    renderLogin();
    await fillAndSubmit({ remember: true });
    await screen.findByTestId('location');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['owner', false, '/profile'],
    ['technician', false, '/process-instances'],
    ['admin', false, '/process-instances'],
    ['user', false, '/'],
    ['owner', true, '/verification-code'],
  ] as const)('sends %s (pending: %s) to %s', async (role, pending, path) => {
    mockLogin(role, pending);
    renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(path));
    expect(screen.getByTestId('location').textContent).toBe(path);
  });

  it('goes back to ?next= after the login', async () => {
    mockLogin('owner');
    renderLogin('/login?next=%2Frequest-process%2F42');
    await fillAndSubmit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/request-process/42');
  });

  it('shows the notice another page passed in the location state', () => {
    mockFetch({});
    renderLogin({ pathname: '/login', state: { notice: 'Conta criada! Verifique seu e-mail.' } });
    expect(screen.getByText('Conta criada! Verifique seu e-mail.')).toBeInTheDocument();
  });

  it('sends a reset code to the typed address and goes on to /reset-password', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/forgot-password': json(
        { email: 'maria@agroselo.test', resend_after: 60 },
        { status: 202 },
      ),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'Maria@agroselo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esqueci minha senha' });
    const address = within(dialog).getByLabelText(/E-mail/);
    expect(address).toHaveValue('Maria@agroselo.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/reset-password?email=maria%40agroselo.test',
    );
    const call = callTo(fetchMock, 'POST /api/auth/forgot-password');
    expect(JSON.parse(String(call?.init.body))).toEqual({ email: 'maria@agroselo.test' });
    expect(new Headers(call?.init.headers).has('Authorization')).toBe(false);
  });

  it('checks the address before asking for a code', async () => {
    const fetchMock = mockFetch({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esqueci minha senha' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog).findByText(messages.register.emailRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to the sign-up page', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Não tem conta? Cadastre-se' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
