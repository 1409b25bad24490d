import { useSyncExternalStore } from 'react';
import { WIDE_QUERY } from '../../lib/wide';

const isWide = () => window.matchMedia(WIDE_QUERY).matches;

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide enough for the staff's tables. False on the server, which renders a
 * signed-in page as a phone shows it, and while the browser hydrates that page (React reads the
 * server's answer then): right after, a wide screen renders its own.
 */
export const useWide = (): boolean => useSyncExternalStore(subscribe, isWide, () => false);
