import { vi } from 'vitest';

/** A MediaQueryList that `matches` or not, and never changes (jsdom has none). */
export const mediaQueryList = (query: string, matches: boolean): MediaQueryList => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

/**
 * A screen at least `minWidthEm` wide (62em: 992 px, where the staff lists become tables) for the
 * test that calls it; setup.ts unstubs it afterwards.
 */
export function wideScreen(minWidthEm = 62) {
  vi.stubGlobal('matchMedia', (query: string) =>
    mediaQueryList(
      query,
      Number(/min-width:\s*([\d.]+)em/.exec(query)?.[1] ?? Infinity) <= minWidthEm,
    ),
  );
}
