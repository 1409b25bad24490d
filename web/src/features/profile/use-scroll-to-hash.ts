import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls smoothly to the element the URL hash names, on every navigation (the location key
 * changes even when a link points at the hash already shown). The router only jumps when the
 * element exists at navigation time, which a page still loading its session misses.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
}
