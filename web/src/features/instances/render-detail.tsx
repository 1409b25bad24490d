import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import type { InstanceDetail, User } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken } from '../../../test/users';
import { InstanceDetailPage } from './instance-detail.page';

/**
 * The instance page for `user`, its detail served from `server.detail` (a test changes it as the
 * server would after a step), and `routes` for everything else the page calls.
 */
export function renderInstanceDetail(
  user: User,
  detail: InstanceDetail,
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  storeToken();
  const server = { detail };
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(user),
    'GET /api/process-instance/pending': json([]),
    [`GET /api/process-instance/${detail.id}`]: () => json(server.detail),
    ...routes,
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

/** Types a whole text at once (as a paste): key by key is slow on a busy machine. */
export async function write(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}
