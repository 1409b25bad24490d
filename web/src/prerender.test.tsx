import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
// main.tsx's RouterProvider is react-router/dom's, this one with flushSync: the same tree. Here
// react-router/dom would load a second copy of the router, whose contexts the pages do not read.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { PRERENDERED_PATHS, render } from './prerender';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('the prerendered pages', () => {
  it.each(PRERENDERED_PATHS)(
    '%s hydrates as the browser renders it, with no mismatch',
    async (path) => {
      // The seals' answer never comes: the page hydrates on the skeleton it was prerendered with.
      mockFetch({ 'GET /api/stamp/all': () => new Promise<Response>(() => {}) });
      const container = document.createElement('div');
      container.innerHTML = await render(path);
      document.body.append(container);
      const heading = container.querySelector('h1');
      expect(heading).not.toBeNull();

      const queryClient = createQueryClient();
      const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      // React's development build reports any difference, an attribute's included, as an error.
      const errors = vi.spyOn(console, 'error');
      const recovered: unknown[] = [];
      await act(async () => {
        root = hydrateRoot(
          container,
          <App queryClient={queryClient}>
            <RouterProvider router={router} />
          </App>,
          { onRecoverableError: (error) => recovered.push(error) },
        );
      });
      expect(recovered).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      // Taken over, not rendered anew.
      expect(container.querySelector('h1')).toBe(heading);
    },
  );
});
