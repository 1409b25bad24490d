import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '@agroselo/contracts';
import { json, mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { storeToken, wireUser } from '../../test/users';
import { RequireAuth } from './require-auth';
import { useSession } from '../session/session-context';

function SignOutButton() {
  const { logout } = useSession();
  return (
    <button type="button" onClick={logout}>
      Sair
    </button>
  );
}

function renderGuarded(roles?: readonly Role[]) {
  renderWithProviders(
    <Routes>
      <Route
        path="/users"
        element={
          <RequireAuth roles={roles}>
            <p>página protegida</p>
            <SignOutButton />
          </RequireAuth>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/users?query=ana' },
  );
}

describe('RequireAuth', () => {
  it('sends visitors to the login, remembering where they were going', async () => {
    mockFetch({});
    renderGuarded();
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/login?next=%2Fusers%3Fquery%3Dana',
    );
  });

  it('lets an allowed role in', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/info': json(wireUser('admin')) });
    renderGuarded(['admin']);
    expect(await screen.findByText('página protegida')).toBeInTheDocument();
  });

  it('shows "Acesso negado" to other roles', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/info': json(wireUser('owner')) });
    renderGuarded(['admin']);
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeInTheDocument();
    expect(screen.queryByText('página protegida')).toBeNull();
  });

  it('sends accounts still to verify to the verification code', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/info': json(wireUser('user', { pending: true })) });
    renderGuarded();
    expect(await screen.findByTestId('location')).toHaveTextContent('/verification-code');
  });

  it('sends home, not to the login, whoever just signed out on a guarded page', async () => {
    storeToken();
    mockFetch({ 'GET /api/auth/info': json(wireUser('admin')) });
    renderGuarded(['admin']);
    const button = await screen.findByRole('button', { name: 'Sair' });
    act(() => button.click());
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
