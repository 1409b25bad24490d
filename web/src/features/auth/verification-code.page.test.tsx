import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type User } from '@agroselo/contracts';
import { TOKEN_STORAGE_KEY } from '../../api';
import { RequireAuth } from '../../app/require-auth';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { VerificationCodePage } from './verification-code.page';

const pendingUser = wireUser('user', { email: 'ana@agroselo.test', pending: true });

function renderVerification(routes: Parameters<typeof mockFetch>[0], { signedIn = true } = {}) {
  if (signedIn) storeToken();
  const fetchMock = mockFetch(routes);
  renderWithProviders(
    <Routes>
      <Route
        path="/verification-code"
        element={
          <RequireAuth allowPending>
            <VerificationCodePage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/verification-code' },
  );
  return fetchMock;
}

/** /api/auth/info answers the pending user until the activation, then the active one. */
function infoAfterActivation(activated: { done: boolean }, after: User) {
  return () => json(activated.done ? after : pendingUser);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('VerificationCodePage', () => {
  it('says where the code went and asks for it', async () => {
    renderVerification({ 'GET /api/auth/info': json(pendingUser) });
    expect(await screen.findByRole('heading', { name: 'Quase lá!' })).toBeInTheDocument();
    expect(screen.getByText('ana@agroselo.test')).toBeInTheDocument();
    const code = screen.getByLabelText(/^Código/);
    expect(code).toBeRequired();
    expect(code).toHaveAttribute('placeholder', '000000');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('asks for the code on an empty submit', async () => {
    const fetchMock = renderVerification({ 'GET /api/auth/info': json(pendingUser) });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(messages.auth.codeRequired)).toBeInTheDocument();
    expect(callTo(fetchMock, 'POST /api/auth/activate')).toBeUndefined();
  });

  it('shows a wrong code message under the field', async () => {
    renderVerification({
      'GET /api/auth/info': json(pendingUser),
      'POST /api/auth/activate': json({ detail: messages.auth.codeWrong }, { status: 400 }),
    });
    await userEvent.type(await screen.findByLabelText(/^Código/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(messages.auth.codeWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Código/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the code as multipart, refreshes the user and goes to /', async () => {
    const activated = { done: false };
    const fetchMock = renderVerification({
      'GET /api/auth/info': infoAfterActivation(activated, wireUser('owner')),
      'POST /api/auth/activate': () => {
        activated.done = true;
        return json(wireUser('owner'));
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Código/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const body = callTo(fetchMock, 'POST /api/auth/activate')?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('code')).toBe('123456');
    const infoCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/info');
    expect(infoCalls).toHaveLength(2);
  });

  it("shows 'Enviando...' and disables the button while busy", async () => {
    let release: (response: Response) => void = () => {};
    renderVerification({
      'GET /api/auth/info': json(pendingUser),
      'POST /api/auth/activate': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await userEvent.type(await screen.findByLabelText(/^Código/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled();
    release(json({ detail: messages.auth.codeExpired }, { status: 400 }));
    expect(await screen.findByText(messages.auth.codeExpired)).toBeInTheDocument();
  });

  it('resends the code, then waits 60 s before allowing another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetchMock = renderVerification({
      'GET /api/auth/info': json(pendingUser),
      'POST /api/auth/resend-code': json({
        email: 'ana@agroselo.test',
        expires_at: '2030-01-01T00:15:00Z',
        resend_after: 60,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Enviamos um novo código para ana@agroselo.test.',
    );
    expect(screen.getByRole('button', { name: /^Reenviar código \(60 s\)$/ })).toBeDisabled();

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: /^Reenviar código \(30 s\)$/ })).toBeDisabled();

    act(() => vi.advanceTimersByTime(30_500));
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeEnabled();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/resend-code'),
    ).toHaveLength(1);
  });

  it('shows the 429 message of a resend asked too soon', async () => {
    renderVerification({
      'GET /api/auth/info': json(pendingUser),
      'POST /api/auth/resend-code': json(
        { detail: messages.auth.resendTooSoon },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.resendTooSoon);
    expect(screen.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ })).toBeDisabled();
  });

  it('signs out with Sair', async () => {
    renderVerification({ 'GET /api/auth/info': json(pendingUser) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(window.localStorage.length).toBe(0);
  });

  it('sends an account already verified to its home', async () => {
    renderVerification({ 'GET /api/auth/info': json(wireUser('technician')) });
    expect(await screen.findByTestId('location')).toHaveTextContent('/process-instances');
  });

  it('sends visitors to the login', async () => {
    renderVerification({}, { signedIn: false });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('corrects a mistyped e-mail and keeps the new token', async () => {
    const corrected = { done: false };
    const fixed = wireUser('user', { email: 'ana.certa@agroselo.test', pending: true });
    const fetchMock = renderVerification({
      'GET /api/auth/info': () => json(corrected.done ? fixed : pendingUser),
      'PUT /api/auth/update': () => {
        corrected.done = true;
        return json({ ...fixed, access_token: 'token-after-correction' });
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'E-mail errado? Corrigir e-mail' }),
    );
    await userEvent.type(screen.getByLabelText(/^E-mail correto/), 'Ana.Certa@agroselo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Corrigir e-mail' }));

    expect(
      await screen.findByText('Enviamos um novo código para ana.certa@agroselo.test.'),
    ).toBeInTheDocument();
    expect(screen.getByText('ana.certa@agroselo.test')).toBeInTheDocument();
    expect(JSON.parse(String(callTo(fetchMock, 'PUT /api/auth/update')?.init.body))).toEqual({
      email: 'ana.certa@agroselo.test',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-after-correction');
    expect(screen.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ })).toBeDisabled();
  });

  it('shows an address already taken under the field', async () => {
    renderVerification({
      'GET /api/auth/info': json(pendingUser),
      'PUT /api/auth/update': json({ detail: messages.auth.emailTaken }, { status: 409 }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'E-mail errado? Corrigir e-mail' }),
    );
    await userEvent.type(screen.getByLabelText(/^E-mail correto/), 'ocupado@agroselo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Corrigir e-mail' }));
    expect(await screen.findByText(messages.auth.emailTaken)).toBeInTheDocument();
  });
});
