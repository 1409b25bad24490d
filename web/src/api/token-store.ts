import { serverRender } from './server-render';
import { writeSessionCookie } from './session-cookie';

const KEY = 'agroselo.token';

type Listener = () => void;
const listeners = new Set<Listener>();
// Used only when the browser refuses storage, so a login still lasts for this page's lifetime.
let memoryToken: string | null = null;

function storages(): Storage[] {
  // Storage access throws when the browser blocks it (private modes, sandboxed frames).
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
}

function isRemembered(): boolean {
  const [local] = storages();
  try {
    return Boolean(local?.getItem(KEY));
  } catch {
    return false;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Where the access token lives: localStorage when the user asked to be remembered, otherwise
 * sessionStorage. The api client reads it for every call; the session subscribes to changes.
 */
export const tokenStore = {
  get(): string | null {
    const onServer = serverRender();
    if (onServer) return onServer.token;
    for (const storage of storages()) {
      try {
        const token = storage.getItem(KEY);
        if (token) return token;
      } catch {
        // unreadable storage counts as empty
      }
    }
    return memoryToken;
  },

  set(token: string, remember: boolean): void {
    const [local, session] = storages();
    memoryToken = null;
    try {
      (remember ? session : local)?.removeItem(KEY);
      const target = remember ? local : session;
      if (target) target.setItem(KEY, token);
      else memoryToken = token;
    } catch {
      memoryToken = token;
    }
    writeSessionCookie(token, remember);
    notify();
  },

  /**
   * Swaps the token for a new one of the same account (the server issues one after an e-mail
   * change), kept where the current one is: remembered or for this browser session only.
   */
  replace(token: string): void {
    tokenStore.set(token, isRemembered());
  },
  clear(): void {
    memoryToken = null;
    for (const storage of storages()) {
      try {
        storage.removeItem(KEY);
      } catch {
        // nothing stored there
      }
    }
    writeSessionCookie(null, false);
    notify();
  },

  /**
   * Writes the session cookie for the stored token (a session from before the cookie existed, or
   * one whose cookie the browser dropped), or drops a cookie left without one.
   */
  syncCookie(): void {
    const token = tokenStore.get();
    writeSessionCookie(token, token !== null && isRemembered());
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export const TOKEN_STORAGE_KEY = KEY;
