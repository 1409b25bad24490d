import { lazy, useState, type ComponentType } from 'react';
import { serverRender } from '../api/server-render';

const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A part of a page whose code loads on demand, as with React.lazy, under a `name` unique in the
 * app. A page the server rendered names the parts in it (`data-parts`), and the browser loads
 * their code before hydrating it (loadParts): a part whose code is in renders at once, so the page
 * is hydrated in one pass. Otherwise a part left to hydrate later would take back, as it attaches,
 * what was typed into it before the app's code arrived (app/early-input.ts replays that once).
 */
export function lazyPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  loaders.set(name, loadOnce);
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Part(props: Props) {
    serverRender()?.parts?.add(name);
    // Chosen once per mount: a part whose code arrives later is not mounted anew.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Part.displayName = `lazyPart(${name})`;
  return Part;
}

/** Loads the code of the parts named (a failure is left to the part, which shows it). */
export function loadParts(names: readonly string[]): Promise<unknown> {
  return Promise.allSettled(names.map((name) => loaders.get(name)?.()));
}
