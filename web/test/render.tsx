import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { SessionProvider } from '../src/session';
import { cssVariablesResolver, theme } from '../src/theme';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  /** Where the memory router starts; a string or { pathname, search, state }. */
  route?: InitialEntry;
  queryClient?: QueryClient;
  /** false when the test mounts its own router (e.g. createMemoryRouter with the app routes). */
  withRouter?: boolean;
}

/** Mantine (test env: no transitions, no portals) + QueryClient + session + memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient(), withRouter = true }: RenderOptions = {},
): ReturnType<typeof render> & { queryClient: QueryClient } {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {withRouter ? <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter> : children}
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}

/** Renders the current path, so tests can assert where a page navigated. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

/** Types a whole text at once (as a paste): key by key is slow on a busy machine. */
export async function write(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/**
 * Types key by key with no pause between keys, however busy the machine: a debounced search
 * then sees one word, as it does when a person types it.
 */
export async function typeWithoutPauses(input: HTMLElement, text: string) {
  await userEvent.setup({ delay: null }).type(input, text);
}
