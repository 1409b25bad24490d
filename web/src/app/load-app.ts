/**
 * The built index.html asks for the app's files from an inline script (web/vite.config.ts
 * `routePreloads` writes this function into it), once the boot screen is on screen: its first
 * paint then needs the HTML alone, not the app's code or styles. The page's first frame costs the
 * files a frame's wait, not a download. With the route's files (route-preloads.json's scripts and
 * styles for the path opened) fetched at the same time, as the server's Link header did before.
 */
export interface AppFiles {
  /** The entry module. */
  script: string;
  /** The modules it imports (rel=modulepreload): fetched beside it, not after it has arrived. */
  modules: string[];
  styles: string[];
}

/** A route's files by a pattern of its paths (`^/property/[^/]+/?$`). */
export interface RouteFiles {
  pattern: string;
  modules: string[];
  styles: string[];
}

declare global {
  interface Window {
    /** Settles once the app's stylesheets have loaded or failed: React renders after it. */
    agroseloStyles?: Promise<unknown>;
  }
}

/**
 * Inlined into index.html as its source text: self-contained, no import, no outer name. In a
 * hidden tab (no frame is drawn) the files are asked for at once.
 */
export function loadApp(app: AppFiles, routes: RouteFiles[]): void {
  const route = routes.filter(function (candidate) {
    return new RegExp(candidate.pattern).test(location.pathname);
  })[0];
  const modules = app.modules.concat(route ? route.modules : []);
  const styles = app.styles.concat(route ? route.styles : []);
  function add(tag: string, attributes: Record<string, string>): HTMLElement {
    const element = document.createElement(tag);
    // The app's loader asks for its files in CORS mode: a preload in another mode is fetched twice.
    element.setAttribute('crossorigin', '');
    Object.keys(attributes).forEach(function (name) {
      element.setAttribute(name, attributes[name]!);
    });
    document.head.appendChild(element);
    return element;
  }
  function start() {
    window.agroseloStyles = Promise.all(
      styles.map(function (href) {
        const link = add('link', { rel: 'stylesheet', href: href });
        return new Promise(function (settle) {
          link.onload = settle;
          link.onerror = settle;
        });
      }),
    );
    modules.forEach(function (href) {
      add('link', { rel: 'modulepreload', href: href });
    });
    add('script', { type: 'module', src: app.script });
  }
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      // A frame's callback runs before that frame is painted; a task queued from it, after.
      setTimeout(start, 0);
    });
}
