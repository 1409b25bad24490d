import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, type InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { LoginPage } from './login.page';
import { PASSWORD_RESET_NOTICE, ResetPasswordPage } from './reset-password.page';

function renderReset(route: InitialEntry = '/reset-password?email=ana%40agroselo.test') {
  renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

async function fill(code: string, password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText(/^Código/), code);
  await userEvent.type(screen.getByLabelText(/^Nova senha/), password);
  await userEvent.type(screen.getByLabelText(/^Confirmar nova senha/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
}

describe('ResetPasswordPage', () => {
  it('fills in the address of the link and asks for every field', async () => {
    const fetchMock = mockFetch({});
    renderReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ana@agroselo.test');
    expect(screen.getByLabelText(/^Código/)).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(messages.auth.codeRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.register.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.register.confirmRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses on the spot a password equal to the e-mail, and a mismatch', async () => {
    const fetchMock = mockFetch({});
    renderReset('/reset-password?email=ana.lima%40agroselo.test');
    await fill('123456', 'ANA.LIMA', 'outra');
    expect(await screen.findByText(messages.password.sameAsEmail)).toBeInTheDocument();
    expect(screen.getByText(messages.register.passwordsDiffer)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refused code under the code field', async () => {
    mockFetch({
      'POST /api/auth/reset-password': json(
        { detail: messages.password.resetCodeInvalid },
        { status: 400 },
      ),
    });
    renderReset();
    await fill('111111', 'colheita-de-inverno-9');
    expect(await screen.findByText(messages.password.resetCodeInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Código/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s policy refusal under the password', async () => {
    mockFetch({
      'POST /api/auth/reset-password': json(
        {
          detail: [
            { loc: ['body', 'password'], msg: messages.password.common, type: 'password_policy' },
          ],
        },
        { status: 422 },
      ),
    });
    renderReset();
    await fill('123456', 'brasil2024');
    expect(await screen.findByText(messages.password.common)).toBeInTheDocument();
  });

  it('sends the reset as multipart and goes to the login with a notice', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/reset-password': () => new Response(null, { status: 204 }),
    });
    renderReset();
    await fill(' 123 456 ', '  frase longa com espaços ');
    expect(await screen.findByText(PASSWORD_RESET_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    const body = callTo(fetchMock, 'POST /api/auth/reset-password')?.init.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      email: 'ana@agroselo.test',
      code: '123 456',
      password: '  frase longa com espaços ',
    });
  });

  it('sends a new code and counts down before the next one', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/forgot-password': json(
        { email: 'ana@agroselo.test', resend_after: 60 },
        { status: 202 },
      ),
    });
    renderReset();
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(
      await screen.findByText(
        'Se houver uma conta com ana@agroselo.test, enviamos um novo código para ela.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ })).toBeDisabled();
    expect(callTo(fetchMock, 'POST /api/auth/forgot-password')).toBeDefined();
  });
});
