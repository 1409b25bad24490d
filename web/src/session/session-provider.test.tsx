import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { TOKEN_STORAGE_KEY, tokenStore } from '../api';
import { callTo, json, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { storeToken, wireUser } from '../../test/users';
import { useSession } from './session-context';

function SessionProbe() {
  const { status, user, token } = useSession();
  return (
    <output>
      {status}|{user ? `${user.firstName} ${user.lastName} ${user.role}` : 'none'}|{token ?? '-'}
    </output>
  );
}

describe('SessionProvider', () => {
  it('is anonymous without a stored token and calls nothing', () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<SessionProbe />);
    expect(screen.getByRole('status')).toHaveTextContent('anonymous|none|-');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores a stored token through /api/auth/info, in camelCase', async () => {
    storeToken('kept');
    const fetchMock = mockFetch({ 'GET /api/auth/info': json(wireUser('admin')) });
    renderWithProviders(<SessionProbe />);
    expect(screen.getByRole('status')).toHaveTextContent('loading');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('authenticated|Maria Souza admin|kept'),
    );
    const headers = new Headers(callTo(fetchMock, 'GET /api/auth/info')?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer kept');
  });

  it('drops a stored token that /api/auth/info refuses', async () => {
    storeToken('revoked');
    mockFetch({
      'GET /api/auth/info': json({ detail: messages.auth.sessionExpired }, { status: 401 }),
    });
    renderWithProviders(<SessionProbe />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('anonymous|none|-'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('drops the stored token on any failure of the check, e.g. a server error', async () => {
    storeToken('kept');
    mockFetch({ 'GET /api/auth/info': new Response(null, { status: 500 }) });
    renderWithProviders(<SessionProbe />);
    await waitFor(() => expect(tokenStore.get()).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('anonymous');
  });

  it('ends the session when a later call answers 401', async () => {
    storeToken('kept');
    mockFetch({ 'GET /api/auth/info': json(wireUser('owner')) });
    renderWithProviders(<SessionProbe />);
    await screen.findByText(/authenticated/);
    act(() => tokenStore.clear());
    expect(screen.getByRole('status')).toHaveTextContent('anonymous|none|-');
  });

  it('replaces the token after checking it, keeping it where the old one was', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    mockFetch({ 'GET /api/auth/info': json(wireUser('owner', { pending: true })) });
    function Replacer() {
      const { replaceToken } = useSession();
      return <button onClick={() => void replaceToken('new')}>trocar</button>;
    }
    renderWithProviders(
      <>
        <SessionProbe />
        <Replacer />
      </>,
    );
    await screen.findByText(/authenticated/);
    await userEvent.click(screen.getByRole('button', { name: 'trocar' }));
    await waitFor(() => expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('authenticated|Maria Souza owner|new');
  });
});
