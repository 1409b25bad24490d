import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApp, type AppFiles, type RouteFiles } from './load-app';

const APP: AppFiles = {
  script: '/assets/index-1.js',
  modules: ['/assets/react-2.js', '/assets/web-3.js'],
  styles: ['/assets/web-4.css'],
};
const ROUTES: RouteFiles[] = [
  { pattern: '^/login/?$', modules: ['/assets/login-5.js'], styles: ['/assets/login-6.css'] },
  { pattern: '^/property/[^/]+/?$', modules: ['/assets/property-7.js'], styles: [] },
];

const added = () =>
  [...document.head.querySelectorAll('[data-test-added]')].map((element) => [
    element.getAttribute('rel') ?? element.getAttribute('type'),
    element.getAttribute('href') ?? element.getAttribute('src'),
    element.getAttribute('crossorigin'),
  ]);

/** Runs loadApp as index.html does, with the frame and the tasks under the test's hand. */
function load(pathname: string, visibility: DocumentVisibilityState = 'visible') {
  window.history.pushState(null, '', pathname);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  // jsdom would fetch nothing, but the test removes what was added all the same.
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
    (node as Element).setAttribute('data-test-added', '');
    return append(node);
  });
  loadApp(APP, ROUTES);
  return frames;
}

afterEach(() => {
  for (const element of document.head.querySelectorAll('[data-test-added]')) element.remove();
  delete window.agroseloStyles;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState(null, '', '/');
});

describe("index.html's loader of the app's files", () => {
  it('asks for nothing before the boot screen is painted, then for the app and its route', () => {
    const frames = load('/login');
    expect(added()).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    // The frame's callback runs before that frame is painted: still nothing.
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual([
      ['stylesheet', '/assets/web-4.css', ''],
      ['stylesheet', '/assets/login-6.css', ''],
      ['modulepreload', '/assets/react-2.js', ''],
      ['modulepreload', '/assets/web-3.js', ''],
      ['modulepreload', '/assets/login-5.js', ''],
      ['module', '/assets/index-1.js', ''],
    ]);
  });

  it("adds a route's files to its paths alone", () => {
    const frames = load('/property/0196-abc');
    frames[0]!(0);
    vi.runAllTimers();
    expect(added().map(([, url]) => url)).toEqual([
      '/assets/web-4.css',
      '/assets/react-2.js',
      '/assets/web-3.js',
      '/assets/property-7.js',
      '/assets/index-1.js',
    ]);
    for (const element of document.head.querySelectorAll('[data-test-added]')) element.remove();
    vi.restoreAllMocks();
    load('/property/0196-abc/edit')[0]!(0);
    vi.runAllTimers();
    expect(added().map(([, url]) => url)).not.toContain('/assets/property-7.js');
  });

  it('asks at once in a hidden tab, where no frame is drawn', () => {
    const frames = load('/', 'hidden');
    expect(frames).toEqual([]);
    expect(added().map(([kind]) => kind)).toEqual([
      'stylesheet',
      'modulepreload',
      'modulepreload',
      'module',
    ]);
  });

  it('settles the styles React waits for once every stylesheet has loaded or failed', async () => {
    load('/login', 'hidden');
    let settled = false;
    void window.agroseloStyles!.then(() => (settled = true));
    const [app, login] = document.head.querySelectorAll('link[rel="stylesheet"][data-test-added]');
    app!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    login!.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});
