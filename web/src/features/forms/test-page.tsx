import { Notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import type { FormInstance, Role } from '@agroselo/contracts';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { FormInstancePage } from './form-instance.page';
import { FORM_URL, OWNER_ID, PAGE_URL } from './test-data';

/**
 * The form instance page for `form`, as its owner (or another `role`) with the server's answers
 * `routes` besides the form's; the fetch mock, to read what the page sent.
 */
export function renderFormPage(
  form: FormInstance,
  routes: Parameters<typeof mockFetch>[0] = {},
  role: Role = 'owner',
) {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(wireUser(role, role === 'owner' ? { id: OWNER_ID } : {})),
    'GET /api/process-instance/pending': json([]),
    [`GET ${FORM_URL}`]: json(form),
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route
          path="/producer-details/:processInstanceId/form-instance/:formInstanceId"
          element={<FormInstancePage />}
        />
      </Routes>
    </>,
    { route: PAGE_URL },
  );
  return { fetchMock, ...view };
}
