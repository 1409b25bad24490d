import { serverRender } from '../api/server-render';

/** From here up (Mantine's md, 992 px) the staff lists are dense tables; below, their cards. */
export const WIDE_QUERY = '(min-width: 62em)';

let hydrating = false;

/** Set by main.tsx while the page the server rendered waits for its route's loaders. */
export function setHydratingServerPage(value: boolean): void {
  hydrating = value;
}

/**
 * The widths (true: wide) a route's loader asks its first screen's data for: the screen's, and on
 * the server, and for the page it rendered, a phone's (that page hydrates as a phone's first).
 */
export function firstScreenWidths(): boolean[] {
  if (serverRender() || typeof window === 'undefined') return [false];
  const wide = window.matchMedia(WIDE_QUERY).matches;
  return hydrating && wide ? [false, true] : [wide];
}
