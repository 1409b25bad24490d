import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { PRODUCER_ROLES, STAFF_ROLES } from '@agroselo/contracts';
import { PageLoader } from '../components/page-loader';
import { prefetchInstancePage } from '../features/instances/review-api';
import { LandingPage } from '../features/landing/landing.page';
import { PROFILE_PAGE_SIZE } from '../features/profile/page-size';
import { propertyListQueryOptions, propertyQueryOptions } from '../features/properties/api';
import { AppLayout } from './layouts/app-layout';
import { lazyPage } from './lazy-page';
import { prefetchWhenSignedIn } from './page-data';
import { ErrorPage } from './pages/error.page';
import { NotFoundPage } from './pages/not-found.page';
import { paths } from '../lib/paths';
import { RootRoute } from './root-route';
import { RequireAuth } from './require-auth';

/**
 * Adding a page: give it a builder in paths.ts, then a route below in its area's section, loaded
 * on demand with lazyPage. Inside AppLayout it gets the header, side menu and footer. When it needs
 * an account, put it under a RequireAuth layout route:
 *   { element: <RequireAuth roles={['admin']} />, children: [{ path: paths.users(), lazy: ... }] }
 * A page a visit often starts on (signed in) also gets a `loader: prefetchWhenSignedIn(...)` that
 * starts its first queries, with the page's own query options, in the client the app renders with.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootRoute />,
    errorElement: <ErrorPage />,
    // Shown while the first page's code arrives.
    hydrateFallbackElement: <PageLoader />,
    children: [
      // Full-screen pages, without the app shell.
      {
        path: paths.login(),
        lazy: lazyPage(() => import('../features/auth/login.page'), 'LoginPage'),
      },
      {
        path: paths.resetPassword(),
        lazy: lazyPage(() => import('../features/auth/reset-password.page'), 'ResetPasswordPage'),
      },
      // ── accounts ──
      {
        path: paths.register(),
        lazy: lazyPage(() => import('../features/auth/register.page'), 'RegisterPage'),
      },
      {
        element: <RequireAuth allowPending />,
        children: [
          {
            path: paths.verificationCode(),
            lazy: lazyPage(
              () => import('../features/auth/verification-code.page'),
              'VerificationCodePage',
            ),
          },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          // The landing is most visitors' first page: in the first file, not a second round trip.
          { index: true, Component: LandingPage },
          {
            path: paths.privacy(),
            lazy: lazyPage(() => import('../features/legal/privacy.page'), 'PrivacyPage'),
          },
          {
            path: paths.terms(),
            lazy: lazyPage(() => import('../features/legal/terms.page'), 'TermsPage'),
          },

          // ── profile ──
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.profile(),
                // The producer's properties section, first page (ProducerProperties' page size).
                loader: prefetchWhenSignedIn(() => {
                  void queryClient.prefetchQuery(
                    propertyListQueryOptions({ search: '', page: 1, pageSize: PROFILE_PAGE_SIZE }),
                  );
                }),
                lazy: lazyPage(() => import('./pages/profile.page'), 'Profile'),
              },
            ],
          },

          // ── properties ──
          {
            element: <RequireAuth roles={[...PRODUCER_ROLES, ...STAFF_ROLES]} />,
            children: [
              {
                path: paths.registerProperty(),
                lazy: lazyPage(
                  () => import('../features/properties/register-property.page'),
                  'RegisterPropertyPage',
                ),
              },
              {
                path: paths.editProperty(':propertyId'),
                lazy: lazyPage(
                  () => import('../features/properties/edit-property.page'),
                  'EditPropertyPage',
                ),
              },
              {
                path: paths.property(':propertyId'),
                loader: prefetchWhenSignedIn(({ propertyId = '' }) => {
                  void queryClient.prefetchQuery(propertyQueryOptions(propertyId));
                }),
                lazy: lazyPage(
                  () => import('../features/properties/property.page'),
                  'PropertyPage',
                ),
              },
            ],
          },
          {
            element: <RequireAuth roles={STAFF_ROLES} />,
            children: [
              {
                path: paths.properties(),
                lazy: lazyPage(
                  () => import('../features/properties/properties.page'),
                  'PropertiesPage',
                ),
              },
            ],
          },

          // ── seals ──
          {
            path: paths.requestProcess(':processId'),
            // The public seal page, with the producer's request (instances) in its seam.
            lazy: async () => {
              const [{ SealPage }, { RequestSection }, { SealHolders }] = await Promise.all([
                import('../features/seals/seal.page'),
                import('../features/instances/components/request-section'),
                import('../features/certificates/components/seal-holders'),
              ]);
              return {
                Component: () => (
                  <SealPage
                    requestSection={(process) => <RequestSection process={process} />}
                    holdersSection={(process) => <SealHolders processId={process.id} />}
                  />
                ),
              };
            },
          },
          {
            element: <RequireAuth roles={['admin']} />,
            children: [
              ...[paths.stamps(), paths.process()].map((path) => ({
                path,
                lazy: lazyPage(() => import('../features/seals/stamps.page'), 'StampsPage'),
              })),
              {
                path: paths.newProcess(),
                lazy: lazyPage(
                  () => import('../features/seals/new-process.page'),
                  'NewProcessPage',
                ),
              },
              {
                path: paths.registerForm(':processId'),
                lazy: lazyPage(
                  () => import('../features/seals/register-form.page'),
                  'RegisterFormPage',
                ),
              },
              {
                path: paths.processFields(':processId'),
                lazy: lazyPage(
                  () => import('../features/seals/field-management.page'),
                  'ProcessFieldsPage',
                ),
              },
              {
                path: paths.formFields(':processId', ':formId'),
                lazy: lazyPage(
                  () => import('../features/seals/field-management.page'),
                  'FormFieldsPage',
                ),
              },
            ],
          },

          // ── users ──
          {
            element: <RequireAuth roles={['admin']} />,
            children: [
              {
                path: paths.users(),
                lazy: lazyPage(() => import('../features/users/users.page'), 'UsersPage'),
              },
            ],
          },

          // ── reports ──
          {
            element: <RequireAuth roles={STAFF_ROLES} />,
            children: [
              {
                path: paths.reports(),
                lazy: lazyPage(() => import('../features/reports/reports.page'), 'ReportsPage'),
              },
            ],
          },

          // ── workload ──
          {
            element: <RequireAuth roles={['admin']} />,
            children: [
              {
                path: paths.workload(),
                lazy: lazyPage(() => import('../features/workload/workload.page'), 'WorkloadPage'),
              },
            ],
          },

          // ── instances ──
          {
            element: <RequireAuth roles={STAFF_ROLES} />,
            children: [
              {
                path: paths.processInstances(),
                lazy: lazyPage(
                  () => import('../features/instances/process-instances.page'),
                  'ProcessInstancesPage',
                ),
              },
              {
                path: paths.pendings(),
                lazy: lazyPage(() => import('../features/instances/pendings.page'), 'PendingsPage'),
              },
            ],
          },
          {
            // Producers see their own instances only; the server answers 404 for the others.
            element: <RequireAuth />,
            children: [
              {
                path: paths.producerDetails(':processInstanceId'),
                loader: prefetchWhenSignedIn(({ processInstanceId = '' }) => {
                  void prefetchInstancePage(queryClient, processInstanceId);
                }),
                lazy: lazyPage(
                  () => import('../features/instances/instance-detail.page'),
                  'InstanceDetailPage',
                ),
              },
            ],
          },

          // ── forms ──
          {
            // Producers fill their own; staff read every one (the server answers 404 otherwise).
            element: <RequireAuth />,
            children: [
              {
                path: paths.formInstance(':processInstanceId', ':formInstanceId'),
                // The forms' api brings the resumable uploads' client: loaded here, not in the first
                // file (the server's Link header has the browser fetch it with the page's code).
                loader: prefetchWhenSignedIn(
                  async ({ processInstanceId = '', formInstanceId = '' }) => {
                    const { formInstanceQueryOptions } = await import('../features/forms/api');
                    void queryClient.prefetchQuery(
                      formInstanceQueryOptions(processInstanceId, formInstanceId),
                    );
                  },
                ),
                lazy: lazyPage(
                  () => import('../features/forms/form-instance.page'),
                  'FormInstancePage',
                ),
              },
            ],
          },

          // ── certificates ──
          {
            path: paths.verify(),
            lazy: lazyPage(() => import('../features/certificates/verify.page'), 'VerifyPage'),
          },
          {
            path: paths.verify(':number'),
            lazy: lazyPage(
              () => import('../features/certificates/certificate.page'),
              'CertificatePage',
            ),
          },
          {
            path: paths.registry(),
            lazy: lazyPage(() => import('../features/registry/registry.page'), 'RegistryPage'),
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
