import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { LandingPage } from '../features/landing/landing.page';
import { PrivacyPage } from '../features/legal/privacy.page';
import { TermsPage } from '../features/legal/terms.page';
import { AppLayout } from './layouts/app-layout';
import { ErrorPage } from './pages/error.page';
import { NotFoundPage } from './pages/not-found.page';
import { paths } from './paths';
import { RootRoute } from './root-route';

/**
 * Adding a page: give it a builder in paths.ts, then a route below. Inside AppLayout it gets the
 * header, side menu and footer. When it needs an account, wrap it in RequireAuth (./session):
 *   { path: paths.users(), element: <RequireAuth roles={['admin']}><UsersPage /></RequireAuth> }
 * or group several pages under { element: <RequireAuth roles={[...]} />, children: [...] }.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <ErrorPage />,
    children: [
      // Full-screen pages, without the app shell.
      { path: paths.login(), element: <LoginPage /> },
      // ── accounts (next engineer): /register and /verification-code go here. ──

      {
        element: <AppLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: paths.privacy(), element: <PrivacyPage /> },
          { path: paths.terms(), element: <TermsPage /> },
          // ── profile (next engineer): /profile, inside <RequireAuth>, goes here. ──

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
