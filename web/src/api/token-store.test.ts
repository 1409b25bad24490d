import { describe, expect, it, vi } from 'vitest';
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
