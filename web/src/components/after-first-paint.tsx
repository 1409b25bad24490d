import { useDeferredValue, type ReactNode } from 'react';
import { Box } from '@mantine/core';

interface AfterFirstPaintProps {
  /** The room kept until the children show: at least their height below the fold, so nothing moves. */
  minHeight: number | string;
  /** Renders the children with the page (a link to an anchor among them must find it). */
  immediately?: boolean;
  children: ReactNode;
}

/**
 * What sits below the first screen, rendered after the page's first paint: the data's first
 * render commits the heading and the first screen in a short task, then React renders these
 * children in a transition, which yields to the browser every few milliseconds (a long render in
 * one task was most of the signed-in pages' blocking time on a throttled phone).
 */
export function AfterFirstPaint({
  minHeight,
  immediately = false,
  children,
}: AfterFirstPaintProps) {
  const shown = useDeferredValue(true, false);
  return shown || immediately ? children : <Box mih={minHeight} aria-hidden />;
}
