import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { RequireAuth } from '../../app/require-auth';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { EditPropertyPage } from './edit-property.page';
import { PROPERTY_ID, wireProperty } from './test-data';

const GET = `GET /api/property/${PROPERTY_ID}`;
const PUT = `PUT /api/property/${PROPERTY_ID}/edit`;

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(wireUser('owner')),
    'GET /api/process-instance/pending': json([]),
    ...routes,
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/edit-property/:propertyId"
        element={
          <RequireAuth>
            <EditPropertyPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/edit-property/${PROPERTY_ID}` },
  );
  return fetchMock;
}

/** A field by the start of its label (required ones end in an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('EditPropertyPage', () => {
  it('pre-fills the form with the property, masks applied', async () => {
    renderPage({ [GET]: json(wireProperty()) });
    expect(await screen.findByRole('heading', { name: 'Editar propriedade' })).toBeVisible();
    expect(field('Nome da propriedade')).toHaveValue('Granja Arroio Duro');
    expect(field('CNPJ')).toHaveValue('29.384.756/0001-63');
    expect(field('Latitude')).toHaveValue('-30,8512');
    expect(field('Número do CAR')).toHaveValue('RS43035097A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6');
    expect(field('Validade da LO da lavoura')).toHaveValue('31/12/2028');
    expect(field('Telefone do técnico responsável')).toHaveValue('(53) 99111-2233');
    expect(field('CREA do técnico responsável')).toHaveValue('12.345-67');
    expect(screen.queryByLabelText('E-mail do produtor', { exact: false })).toBeNull();
  });

  it('saves under the same rules and goes back', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage({
      [GET]: json(wireProperty()),
      [PUT]: json(wireProperty({ business_name: 'Granja Arroio Duro II' })),
    });
    await user.clear(await screen.findByLabelText('Nome da propriedade', { exact: false }));
    await user.clear(field('Número do CAR'));
    await user.type(field('Número do CAR'), 'RS-123');
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByText(messages.properties.businessNameRequired)).toBeVisible();
    expect(screen.getByText(messages.properties.carTooShort)).toBeVisible();
    expect(callTo(fetchMock, PUT)).toBeUndefined();

    await user.type(field('Nome da propriedade'), 'Granja Arroio Duro II');
    await user.clear(field('Número do CAR'));
    await user.type(field('Número do CAR'), 'RS43035097A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6');
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/profile#properties'),
    );
    expect(JSON.parse(String(callTo(fetchMock, PUT)!.init.body))).toMatchObject({
      business_name: 'Granja Arroio Duro II',
      cnpj: '29384756000163',
      latitude: -30.8512,
      responsible_technician_crea: '00000001234567',
      farming_lo_validity: '2028-12-31',
    });
  });

  it('goes back when the property cannot be loaded', async () => {
    renderPage({ [GET]: json({ detail: messages.common.notFound }, { status: 404 }) });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/profile#properties'),
    );
  });
});
