import { Notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import type { InstanceDetail, User } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken } from '../../../test/users';
import { InstanceDetailPage } from './instance-detail.page';

type Routes = Parameters<typeof mockFetch>[0];

/**
 * The instance page for `user`, its detail served from `server.detail`; `routes` answer
 * everything else the page calls, and the ok answers of `steps` (evaluate, start, finish…)
 * become the detail the page fetches afterwards, as on the server.
 */
export function renderInstanceDetail(
  user: User,
  detail: InstanceDetail,
  routes: Routes = {},
  steps: Routes = {},
) {
  storeToken();
  const server = { detail };
  const asSteps = Object.entries(steps).map(([key, reply]) => [
    key,
    async () => {
      const response = typeof reply === 'function' ? await reply() : reply.clone();
      if (response.ok) server.detail = (await response.clone().json()) as InstanceDetail;
      return response;
    },
  ]);
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(user),
    'GET /api/process-instance/pending': json([]),
    [`GET /api/process-instance/${detail.id}`]: () => json(server.detail),
    ...routes,
    ...Object.fromEntries(asSteps),
  });
  renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route path="/producer-details/:processInstanceId" element={<InstanceDetailPage />} />
      </Routes>
    </>,
    { route: `/producer-details/${detail.id}` },
  );
  return { fetchMock, server };
}

/** The body of the first call to `key` ('METHOD /path'): parsed JSON, or the FormData. */
export function bodyOf(fetchMock: ReturnType<typeof mockFetch>, key: string): unknown {
  const body = callTo(fetchMock, key)?.init.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
}
