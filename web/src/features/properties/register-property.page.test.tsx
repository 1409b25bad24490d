import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages, type Role } from '@agroselo/contracts';
import { RequireAuth } from '../../app/require-auth';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { RegisterPropertyPage } from './register-property.page';
import { wireProperty } from './test-data';

const m = messages.properties;
const REGISTER = 'POST /api/property/register';

function renderPage(role: Role = 'owner', routes: Parameters<typeof mockFetch>[0] = {}) {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(wireUser(role)),
    'GET /api/process-instance/pending': json([]),
    ...routes,
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/register-property"
        element={
          <RequireAuth>
            <RegisterPropertyPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/register-property' },
  );
  return fetchMock;
}

/** A field by the start of its label (required ones end in an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  // Pasted, as typing every character makes the test slow; the masks handle both alike.
  const type = async (label: string, text: string) => {
    await user.click(field(label));
    await user.paste(text);
  };
  await type('Nome da propriedade', 'Granja Nova Esperança');
  await type('Denominação', 'Granja');
  await type('CNPJ', '12abc34501de35');
  await type('Inscrição no IRGA', '2104999');
  await type('Município', 'Arroio Grande');
  await type('Localidade', 'Passo das Pedras');
  await type('Latitude', '-32,2371');
  await type('Longitude', '-53,0869');
  await type('Número do CAR', 'rs43035097a1c2e9f4b8d41a6b3c0f5e7d9a2b4c6');
  await type('Número da LO da lavoura', '01111/2025-DL');
  await type('Validade da LO da lavoura', '31/01/2029');
  await type('Número da LO da unidade de armazenamento', '02222/2025-DL');
  await type('Validade da LO da unidade de armazenamento', '31/05/2028');
  await type('Nome do responsável', 'Ana Lima');
  await type('Telefone do técnico responsável', '53991112233');
  await type('CREA do técnico responsável', '1234567');
}

// A form of 17 fields: slow to fill on a busy machine.
describe('RegisterPropertyPage', { timeout: 40_000 }, () => {
  it('shows every required message of an empty form, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Formulário para cadastro de propriedade',
      }),
    ).toBeVisible();
    expect(screen.queryByLabelText('E-mail do produtor', { exact: false })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));
    for (const message of [
      m.businessNameRequired,
      m.businessTypeRequired,
      m.cnpjRequired,
      m.municipalityRequired,
      m.irgaRequired,
      m.latitudeRequired,
      m.longitudeRequired,
      m.carRequired,
      m.farmingLoNumberRequired,
      m.farmingLoValidityRequired,
      m.dryingLoNumberRequired,
      m.dryingLoValidityRequired,
      m.placeRequired,
      m.responsibleNameRequired,
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(callTo(fetchMock, REGISTER)).toBeUndefined();
  });

  it('masks the CNPJ with its letters, upper-cases the CAR and checks them as typed', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('CNPJ', { exact: false }), '12abc34501de36');
    expect(field('CNPJ')).toHaveValue('12.ABC.345/01DE-36');
    await user.type(field('Número do CAR'), 'rs-4303509-7a1c');
    expect(field('Número do CAR')).toHaveValue('RS-4303509-7A1C');
    await user.type(field('Telefone do técnico responsável'), '5391112233');
    await user.type(field('CREA do técnico responsável'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));
    expect(await screen.findByText(m.cnpjInvalid)).toBeVisible();
    expect(screen.getByText(m.carTooShort)).toBeVisible();
    expect(screen.getByText(m.technicianPhoneInvalid)).toBeVisible();
    expect(screen.getByText(m.technicianCreaInvalid)).toBeVisible();
  });

  it('sends the normalized property and goes back to the profile', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage('user', {
      [REGISTER]: json(wireProperty({ business_name: 'Granja Nova Esperança' }), { status: 201 }),
    });
    await screen.findByRole('button', { name: 'Finalizar Cadastro' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/profile#properties'),
    );
    expect(JSON.parse(String(callTo(fetchMock, REGISTER)!.init.body))).toEqual({
      business_name: 'Granja Nova Esperança',
      business_type: 'Granja',
      cnpj: '12ABC34501DE35',
      irga: '2104999',
      municipality: 'Arroio Grande',
      place: 'Passo das Pedras',
      latitude: -32.2371,
      longitude: -53.0869,
      car_n: 'RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6',
      farming_lo_number: '01111/2025-DL',
      farming_lo_validity: '2029-01-31',
      drying_and_stock_lo_number: '02222/2025-DL',
      drying_and_stock_lo_validity: '2028-05-31',
      responsible_name: 'Ana Lima',
      responsible_technician_name: null,
      responsible_technician_phone: '53991112233',
      responsible_technician_crea: '00000001234567',
    });
  });

  it("lists a 422's messages under 'Erro de validação:' with the fields' pt-BR names", async () => {
    const user = userEvent.setup();
    renderPage('owner', {
      [REGISTER]: json(
        {
          detail: [
            { loc: ['body', 'cnpj'], msg: m.cnpjInvalid, type: 'custom' },
            { loc: ['body', 'farming_lo_validity'], msg: m.dateInvalid, type: 'custom' },
            { loc: ['body'], msg: 'Dados inválidos', type: 'custom' },
          ],
        },
        { status: 422 },
      ),
    });
    await screen.findByRole('button', { name: 'Finalizar Cadastro' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.validationHeading);
    const lines = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'CNPJ: CNPJ inválido',
      'Validade da LO da lavoura: Data inválida',
      'Campo: Dados inválidos',
    ]);
    // The form stays, with the server's messages under its fields too.
    expect(screen.queryByTestId('location')).toBeNull();
    expect(field('CNPJ')).toHaveAccessibleDescription(m.cnpjInvalid);
  });

  it('shows a duplicate CNPJ under the field and in the general alert', async () => {
    const user = userEvent.setup();
    renderPage('owner', { [REGISTER]: json({ detail: m.cnpjTaken }, { status: 409 }) });
    await screen.findByRole('button', { name: 'Finalizar Cadastro' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.registerFailed);
    expect(alert).toHaveTextContent(m.cnpjTaken);
    expect(field('CNPJ')).toHaveAccessibleDescription(m.cnpjTaken);
  });

  it("asks technicians and admins for the producer's e-mail and sends it", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage('technician', {
      [REGISTER]: json(wireProperty(), { status: 201 }),
    });
    await screen.findByRole('button', { name: 'Finalizar Cadastro' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));
    expect(await screen.findByText(m.ownerEmailRequired)).toBeVisible();

    await user.type(field('E-mail do produtor'), 'Ana@Fazenda.com.br');
    await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/properties'));
    expect(JSON.parse(String(callTo(fetchMock, REGISTER)!.init.body))).toMatchObject({
      owner_email: 'ana@fazenda.com.br',
    });
  });

  it('goes back without sending on Cancelar', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile#properties');
    expect(callTo(fetchMock, REGISTER)).toBeUndefined();
  });
});
