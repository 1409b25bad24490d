import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, TIME_ZONE_COOKIE } from '@agroselo/contracts';
import { TOKEN_STORAGE_KEY, tokenStore } from './token-store';

describe('tokenStore', () => {
  it('keeps a remembered token in localStorage only', () => {
    tokenStore.set('a', false);
    tokenStore.set('b', true);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('b');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(tokenStore.get()).toBe('b');
  });

  it('keeps a session-only token in sessionStorage only', () => {
    tokenStore.set('a', true);
    tokenStore.set('b', false);
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('b');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('notifies subscribers, also of changes made by another tab', () => {
    const listener = vi.fn();
    const stop = tokenStore.subscribe(listener);
    tokenStore.set('a', true);
    tokenStore.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    stop();
    tokenStore.set('b', true);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(tokenStore.get()).toBe('b');
  });

  it('replaces a token where the current one is kept', () => {
    tokenStore.set('a', true);
    tokenStore.replace('b');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('b');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    tokenStore.set('c', false);
    tokenStore.replace('d');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('d');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

/** The cookies the page holds now, by name. */
const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split(';')
      .filter(Boolean)
      .map((cookie) => cookie.trim().split('=') as [string, string]),
  );

/** A token shaped as the server's (header.claims.signature), expiring at `exp`. */
const tokenExpiring = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;

describe('the session cookie (the server renders signed-in pages with it)', () => {
  it('goes with the token, and so does the browser time zone', () => {
    const token = tokenExpiring(Math.floor(Date.now() / 1000) + 3600);
    tokenStore.set(token, true);
    expect(cookies()).toEqual({
      [SESSION_COOKIE]: token,
      [TIME_ZONE_COOKIE]: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
    tokenStore.replace('other.token.x');
    expect(cookies()[SESSION_COOKIE]).toBe('other.token.x');
    tokenStore.clear();
    expect(cookies()[SESSION_COOKIE]).toBeUndefined();
  });

  it('is written for a token stored before it existed, and dropped when none is stored', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.before.cookie');
    tokenStore.syncCookie();
    expect(cookies()[SESSION_COOKIE]).toBe('stored.before.cookie');
    window.localStorage.clear();
    tokenStore.syncCookie();
    expect(cookies()[SESSION_COOKIE]).toBeUndefined();
  });

  it('lasts no longer than a remembered token', () => {
    const written: string[] = [];
    const jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      jar.set!.call(document, value);
    });
    tokenStore.set(tokenExpiring(Math.floor(Date.now() / 1000) + 600), true);
    expect(written[0]).toMatch(/; Max-Age=(59\d|600)$/);
    expect(written[0]).toContain('; Path=/; SameSite=Lax');
    // For this browser session only: a cookie without Max-Age ends with it.
    tokenStore.set(tokenExpiring(Math.floor(Date.now() / 1000) + 601), false);
    expect(written.at(-2)).not.toContain('Max-Age');
  });

  it('writes nothing as a page starts without a session and without a cookie to drop', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    tokenStore.syncCookie();
    tokenStore.clear();
    expect(written).not.toHaveBeenCalled();
  });
});
