import '@testing-library/jest-dom/vitest';
// The offline store and outbox (src/offline) run on IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeOfflineDb } from '../src/device/db';
import { mediaQueryList } from './media';

// Pages load on demand and the machines running the tests are shared: wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Files share a worker (isolate: false in vitest.config.ts): nothing a test changes may outlive it.
afterEach(async () => {
  cleanup();
  // A fresh, empty IndexedDB for the next test: no account's answers or outbox carried over.
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  // Mantine's notification store is one per worker: a toast left by one file would fill the
  // visible stack (five at most) and queue the next file's toast out of sight.
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The session's cookies (api/session-cookie.ts) and a page's early answers go with its storage.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=', 1)[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  delete window.agroseloBoot;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
