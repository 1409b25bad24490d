import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';

/** The app's router; its routes' loaders prefetch into `queryClient`, the one the app renders with. */
export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(queryClient));
