import type { RouteObject } from 'react-router';
import { STAFF_ROLES } from '@agroselo/contracts';
import { RegisterPage } from '../features/accounts/register.page';
import { VerificationCodePage } from '../features/accounts/verification-code.page';
import { LoginPage } from '../features/auth/login.page';
import { PendingsPage } from '../features/instances/pendings.page';
import { ProcessInstancesPage } from '../features/instances/process-instances.page';
import { LandingPage } from '../features/landing/landing.page';
import { PrivacyPage } from '../features/legal/privacy.page';
import { TermsPage } from '../features/legal/terms.page';
import { ProfilePage } from '../features/profile/profile.page';
import { AppLayout } from './layouts/app-layout';
import { ErrorPage } from './pages/error.page';
import { NotFoundPage } from './pages/not-found.page';
import { paths } from './paths';
import { RootRoute } from './root-route';
import { RequireAuth } from './session';

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
      // ── accounts ──
      { path: paths.register(), element: <RegisterPage /> },
      {
        path: paths.verificationCode(),
        element: (
          <RequireAuth allowPending>
            <VerificationCodePage />
          </RequireAuth>
        ),
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: paths.privacy(), element: <PrivacyPage /> },
          { path: paths.terms(), element: <TermsPage /> },
          // ── profile ──
          {
            path: paths.profile(),
            element: (
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            ),
          },
          {
            element: <RequireAuth roles={STAFF_ROLES} />,
            children: [
              { path: paths.processInstances(), element: <ProcessInstancesPage /> },
              { path: paths.pendings(), element: <PendingsPage /> },
            ],
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
