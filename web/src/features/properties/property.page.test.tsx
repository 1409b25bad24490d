import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InstanceStatus, type Role, type Stamp } from '@agroselo/contracts';
import { RequireAuth } from '../../app/require-auth';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { PropertyPage } from './property.page';
import { PROPERTY_ID, wireProperty, wirePropertyInstance } from './test-data';

const PROCESS_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000c009';
const START = `POST /api/process/${PROCESS_ID}/start`;
const seal = (overrides: Partial<Stamp>): Stamp => ({
  id: '0190a3c2-7b1e-7c3a-9f1e-00000000f001',
  name: 'Arroz de Qualidade Superior',
  description: 'Selo',
  features: [],
  process_id: PROCESS_ID,
  safra: '2026/27',
  image_url: null,
  ...overrides,
});

function renderPage(role: Role, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(wireUser(role)),
    'GET /api/process-instance/pending': json([]),
    [`GET /api/property/${PROPERTY_ID}`]: json(
      wireProperty({
        process_instances: [
          wirePropertyInstance(),
          wirePropertyInstance({
            id: '0190a3c2-7b1e-7c3a-9f1e-0000000000a2',
            technician: null,
            initiated: false,
            status: InstanceStatus.PENDING,
            process: { id: PROCESS_ID, stamp: { name: 'Arroz de Qualidade Superior' } },
          }),
        ],
      }),
    ),
    'GET /api/stamp/all': json([
      seal({}),
      seal({ id: '0190a3c2-7b1e-7c3a-9f1e-00000000f002', name: 'Sem processo', process_id: null }),
    ]),
    ...routes,
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/property/:propertyId"
        element={
          <RequireAuth>
            <PropertyPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/property/${PROPERTY_ID}` },
  );
  return fetchMock;
}

const fieldValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PropertyPage', () => {
  it('shows the fields in pt-BR formats and the edit icon', async () => {
    renderPage('owner');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Granja Arroio Duro' }),
    ).toBeVisible();
    expect(fieldValue('CNPJ')).toBe('29.384.756/0001-63');
    expect(fieldValue('Número do CAR')).toBe('RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6');
    expect(fieldValue('Latitude')).toBe('-30,8512');
    expect(fieldValue('Validade da LO da lavoura')).toBe('31/12/2028');
    expect(fieldValue('Validade da LO da unidade de armazenamento')).toBe('30/06/2027');
    expect(fieldValue('Técnico responsável')).toBe('Luciana Fagundes · (53) 99111-2233');
    expect(fieldValue('CREA do técnico')).toBe('12.345-67');
    expect(screen.getByRole('link', { name: 'Editar propriedade' })).toHaveAttribute(
      'href',
      `/edit-property/${PROPERTY_ID}`,
    );
    // Starting a process is for technicians and admins.
    expect(screen.queryByRole('button', { name: 'Iniciar processo' })).toBeNull();
  });

  it('labels one badge per instance with its seal, whose menu opens its details', async () => {
    const user = userEvent.setup();
    renderPage('owner');
    const processes = await screen.findByRole('list', { name: 'Processos' });
    const badges = within(processes).getAllByRole('button');
    expect(badges.map((badge) => badge.getAttribute('aria-label'))).toEqual([
      'Arroz Sustentável RS: Em Andamento',
      'Arroz de Qualidade Superior: Pendente',
    ]);
    await user.click(badges[1]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Ver Detalhes' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/producer-details/0190a3c2-7b1e-7c3a-9f1e-0000000000a2',
    );
  });

  it('lets staff start a released seal, disabled until one is chosen', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage('technician', {
      [START]: json({ id: '0190a3c2-7b1e-7c3a-9f1e-0000000000a3' }, { status: 201 }),
    });
    const start = await screen.findByRole('button', { name: 'Iniciar processo' });
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Selo' }));
    expect(screen.queryByRole('option', { name: 'Sem processo' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Arroz de Qualidade Superior' }));
    expect(start).toBeEnabled();
    await user.click(start);

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/process-instances'),
    );
    const body = callTo(fetchMock, START)!.init.body as FormData;
    expect(body.get('business_id')).toBe(PROPERTY_ID);
  });

  it("shows the server's message when the start fails", async () => {
    const user = userEvent.setup();
    renderPage('admin', {
      [START]: json({ detail: 'Já existe um processo aberto deste selo' }, { status: 409 }),
    });
    await user.click(await screen.findByRole('textbox', { name: 'Selo' }));
    await user.click(await screen.findByRole('option', { name: 'Arroz de Qualidade Superior' }));
    await user.click(screen.getByRole('button', { name: 'Iniciar processo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Já existe um processo aberto deste selo',
    );
  });

  it('shows the load failure with a retry', async () => {
    renderPage('owner', {
      [`GET /api/property/${PROPERTY_ID}`]: json(
        { detail: 'Recurso não encontrado' },
        { status: 404 },
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Recurso não encontrado');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });
});
