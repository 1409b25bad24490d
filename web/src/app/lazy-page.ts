import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route's page loaded on demand, so a first visit downloads only the code of the page it
 * opens: `lazy: lazyPage(() => import('../features/x/x.page'), 'XPage')`.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await load())[name] });
}
