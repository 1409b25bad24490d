import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';

interface AppProps {
  queryClient: QueryClient;
  /** The router: the browser's in main.tsx, a static one in prerender.tsx. */
  children: ReactNode;
  /** Runs once the first render is in the page (hydrated or created), before the browser paints. */
  onCommitted?: () => void;
}

/**
 * The app as both the browser and the build's prerender render it: hydrating a prerendered page
 * needs the same tree on both sides (React's ids follow its shape).
 */
export function App({ queryClient, children, onCommitted }: AppProps) {
  return (
    <StrictMode>
      <Committed onCommitted={onCommitted}>
        <AppProviders queryClient={queryClient}>{children}</AppProviders>
      </Committed>
    </StrictMode>
  );
}

// A parent's layout effect runs after every ref and layout effect of its children: the forms have
// registered their fields by then.
function Committed({ onCommitted, children }: Pick<AppProps, 'onCommitted' | 'children'>) {
  useLayoutEffect(() => onCommitted?.(), [onCommitted]);
  return children;
}
