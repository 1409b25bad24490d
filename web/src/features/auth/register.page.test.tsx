import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { wireUser } from '../../../test/users';
import { RegisterPage, accountCreatedNotice } from './register.page';

const m = messages.register;

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { notice?: string } | null;
  return <output data-testid="login">{state?.notice}</output>;
}

function renderRegister() {
  renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route: '/register' },
  );
}

const input = (label: RegExp) => screen.getByLabelText(label);

async function fill(values: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const all = {
    email: 'ana@agroselo.test',
    first: 'Ana',
    last: 'Lima',
    cpf: '52998224725',
    phone: '53999998888',
    password: 'segredo123',
    confirm: 'segredo123',
    ...values,
  };
  if (all.email) await user.type(input(/^E-mail/), all.email);
  if (all.first) await user.type(input(/^Nome/), all.first);
  if (all.last) await user.type(input(/^Sobrenome/), all.last);
  if (all.cpf) await user.type(input(/^CPF/), all.cpf);
  if (all.phone) await user.type(input(/^Telefone/), all.phone);
  if (all.password) await user.type(input(/^Senha/), all.password);
  if (all.confirm) await user.type(input(/^Confirmar senha/), all.confirm);
  return user;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

describe('RegisterPage', () => {
  it('shows the brand, the tagline and the way back to the login', () => {
    mockFetch({});
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.getByText('Conectando o campo à tecnologia')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faça login' })).toHaveAttribute('href', '/login');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2023 AgroSelo');
    expect(within(footer).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/termos',
    );
    expect(within(footer).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
  });

  it('shows every required message on an empty submit and calls nothing', async () => {
    const fetchMock = mockFetch({});
    renderRegister();
    await submit();
    for (const message of [
      m.emailRequired,
      m.firstNameRequired,
      m.lastNameRequired,
      m.cpfRequired,
      m.phoneRequired,
      m.passwordRequired,
      m.confirmRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(input(/^CPF/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('formats CPF and phone as they are typed, landlines included', async () => {
    mockFetch({});
    renderRegister();
    const user = userEvent.setup();
    await user.type(input(/^CPF/), '52998224725');
    expect(input(/^CPF/)).toHaveValue('529.982.247-25');
    await user.type(input(/^Telefone/), '53999998888');
    expect(input(/^Telefone/)).toHaveValue('(53) 99999-8888');
    await user.clear(input(/^Telefone/));
    await user.type(input(/^Telefone/), '5332221111');
    expect(input(/^Telefone/)).toHaveValue('(53) 3222-1111');
    await user.type(input(/^CPF/), '999');
    expect(input(/^CPF/)).toHaveValue('529.982.247-25');
  });

  it('rejects a CPF with wrong check digits, a short password and a bad e-mail', async () => {
    const fetchMock = mockFetch({});
    renderRegister();
    await fill({ email: 'ana@', cpf: '52998224700', password: 'curta', confirm: 'curta' });
    await submit();
    expect(await screen.findByText(m.cpfInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(m.emailInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the passwords differ', async () => {
    mockFetch({});
    renderRegister();
    await fill({ confirm: 'outrasenha1' });
    await submit();
    expect(await screen.findByText(m.passwordsDiffer)).toBeInTheDocument();
  });

  it('sends multipart form data with the wire names and CPF and phone as digits', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/register': json(wireUser('user', { pending: true }), { status: 201 }),
    });
    renderRegister();
    await fill({ email: '  Ana@AgroSelo.test ' });
    await submit();
    await screen.findByTestId('login');
    const body = callTo(fetchMock, 'POST /api/auth/register')?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries((body as FormData).entries())).toEqual({
      email: 'ana@agroselo.test',
      first_name: 'Ana',
      last_name: 'Lima',
      cpf: '52998224725',
      phone: '53999998888',
      password: 'segredo123',
    });
  });

  it('goes to the login with a notice naming the address', async () => {
    mockFetch({ 'POST /api/auth/register': json(wireUser('user'), { status: 201 }) });
    renderRegister();
    await fill();
    await submit();
    expect(await screen.findByTestId('login')).toHaveTextContent(
      accountCreatedNotice('ana@agroselo.test'),
    );
  });

  it("shows 'Criando conta...' and disables the button while sending", async () => {
    let release: (response: Response) => void = () => {};
    mockFetch({
      'POST /api/auth/register': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderRegister();
    await fill();
    await submit();
    expect(await screen.findByRole('button', { name: 'Criando conta...' })).toBeDisabled();
    release(json(wireUser('user'), { status: 201 }));
    expect(await screen.findByTestId('login')).toBeInTheDocument();
  });

  it('shows a taken e-mail under the e-mail field', async () => {
    mockFetch({
      'POST /api/auth/register': json({ detail: messages.auth.emailTaken }, { status: 409 }),
    });
    renderRegister();
    await fill();
    await submit();
    expect(await screen.findByText(messages.auth.emailTaken)).toBeInTheDocument();
    expect(input(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts 422 messages under their fields', async () => {
    mockFetch({
      'POST /api/auth/register': json(
        { detail: [{ loc: ['body', 'phone'], msg: m.phoneInvalid, type: 'custom' }] },
        { status: 422 },
      ),
    });
    renderRegister();
    await fill();
    await submit();
    expect(await screen.findByText(m.phoneInvalid)).toBeInTheDocument();
    expect(input(/^Telefone/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows any other failure in an alert', async () => {
    mockFetch({ 'POST /api/auth/register': new Response(null, { status: 500 }) });
    renderRegister();
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.common.requestFailed);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled());
  });
});
