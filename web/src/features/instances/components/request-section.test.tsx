import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../../test/render';
import { storeToken, wireUser } from '../../../../test/users';
import { wireDetail } from '../test-data';
import { RequestSection } from './request-section';

const PROCESS = {
  id: '0190a3c2-7b1e-7c3a-9f1e-00000000c001',
  stamp: { name: 'Arroz Sustentável RS' },
};
const REQUEST = `PUT /api/process/${PROCESS.id}/request`;

const farm = {
  id: '0190a3c2-7b1e-7c3a-9f1e-00000000b001',
  business_name: 'Granja Arroio Duro',
  business_type: 'Granja',
  cnpj: '29384756000163',
  municipality: 'Camaquã',
  place: 'Arroio Duro, 3º distrito',
  responsible_name: 'Sérgio Antunes Rodrigues',
};
const otherFarm = {
  ...farm,
  id: '0190a3c2-7b1e-7c3a-9f1e-00000000b002',
  business_name: 'Fazenda Boa Vista',
  cnpj: '11222333000181',
};

function renderSection(routes: Parameters<typeof mockFetch>[0], user = wireUser('owner')) {
  storeToken();
  const fetchMock = mockFetch({ 'GET /api/auth/info': json(user), ...routes });
  renderWithProviders(
    <>
      <RequestSection process={PROCESS} />
      <LocationProbe />
    </>,
    { route: `/request-process/${PROCESS.id}` },
  );
  return fetchMock;
}

const CONSENT = 'Aceito que esta propriedade apareça no registro público de certificados';
const area = () => screen.getByRole('textbox', { name: /Área de arroz inscrita \(ha\)/ });

async function chooseProperty(name: string) {
  await userEvent.click(await screen.findByRole('textbox', { name: 'Propriedade' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

async function acceptTerms() {
  await userEvent.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Termos de Uso da solicitação de selo',
  });
  // A real text: what is shared, with whom, for how long, and the producer's rights.
  for (const heading of ['O que você compartilha', 'Com quem e para quê', 'Por quanto tempo']) {
    expect(within(dialog).getByRole('heading', { name: new RegExp(heading) })).toBeInTheDocument();
  }
  expect(within(dialog).getByText(/LGPD \(art\. 18\)/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Aceito os termos' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('RequestSection', () => {
  it('requests the seal for the chosen property and opens the new instance', async () => {
    const created = wireDetail();
    const fetchMock = renderSection({
      'GET /api/property/all': json([farm, otherFarm]),
      [REQUEST]: json(created, { status: 201 }),
      'GET /api/process-instance/pending': json([]),
    });
    const submit = await screen.findByRole('button', { name: 'Solicitar processo' });
    expect(submit).toBeDisabled();

    await chooseProperty('Fazenda Boa Vista');
    const summary = within(screen.getByRole('group', { name: 'Propriedade escolhida' }));
    expect(summary.getByText('Fazenda Boa Vista')).toBeInTheDocument();
    expect(summary.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(summary.getByText('Camaquã')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await acceptTerms();
    expect(submit).toBeEnabled();
    await userEvent.type(area(), '125,50');
    const consent = screen.getByRole('checkbox', { name: CONSENT });
    expect(consent).not.toBeChecked();
    await userEvent.click(consent);
    await userEvent.click(submit);

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/producer-details/${created.id}`),
    );
    const body = callTo(fetchMock, REQUEST)?.init.body as FormData;
    expect([...body.entries()]).toEqual([
      ['business_id', otherFarm.id],
      ['rice_area_ha', '125.5'],
      ['publish_consent', 'true'],
    ]);
  });

  it('asks the rice area with the messages of contracts before sending anything', async () => {
    const fetchMock = renderSection({ 'GET /api/property/all': json([farm]) });
    await chooseProperty('Granja Arroio Duro');
    await acceptTerms();
    const submit = screen.getByRole('button', { name: 'Solicitar processo' });
    await userEvent.click(submit);
    expect(area()).toHaveAccessibleDescription(
      expect.stringContaining(messages.safras.riceAreaRequired) as string,
    );
    // A typed point becomes the decimal comma; letters are not kept.
    await userEvent.type(area(), '12.345ha');
    expect(area()).toHaveValue('12,345');
    await userEvent.click(submit);
    expect(area()).toHaveAccessibleDescription(
      expect.stringContaining(messages.safras.riceAreaDecimals) as string,
    );
    await userEvent.clear(area());
    await userEvent.type(area(), '0,00');
    await userEvent.click(submit);
    expect(area()).toHaveAccessibleDescription(
      expect.stringContaining(messages.safras.riceAreaPositive) as string,
    );
    expect(callTo(fetchMock, REQUEST)).toBeUndefined();
  });

  it('keeps the button disabled with the terms accepted but no property chosen', async () => {
    renderSection({ 'GET /api/property/all': json([farm]) });
    await screen.findByRole('textbox', { name: 'Propriedade' });
    await acceptTerms();
    expect(screen.getByRole('button', { name: 'Solicitar processo' })).toBeDisabled();
  });

  it('shows why the server refused, such as an open request for this seal', async () => {
    renderSection({
      'GET /api/property/all': json([farm]),
      [REQUEST]: json({ detail: messages.instances.duplicateRequest }, { status: 409 }),
      'GET /api/process-instance/pending': json([]),
    });
    await chooseProperty('Granja Arroio Duro');
    await acceptTerms();
    await userEvent.type(area(), '80');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar processo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.instances.requestFailed);
    expect(alert).toHaveTextContent(messages.instances.duplicateRequest);
    expect(screen.getByTestId('location')).toHaveTextContent(`/request-process/${PROCESS.id}`);
  });

  it('sends a producer without properties to register one', async () => {
    renderSection({ 'GET /api/property/all': json([]) });
    expect(await screen.findByRole('link', { name: 'Cadastrar propriedade' })).toHaveAttribute(
      'href',
      '/register-property',
    );
    expect(screen.queryByRole('button', { name: 'Solicitar processo' })).not.toBeInTheDocument();
  });

  it('asks an account still to verify to confirm its e-mail first', async () => {
    const fetchMock = renderSection({}, wireUser('user', { pending: true }));
    expect(await screen.findByRole('link', { name: 'Informar o código' })).toHaveAttribute(
      'href',
      '/verification-code',
    );
    expect(callTo(fetchMock, 'GET /api/property/all')).toBeUndefined();
  });
});
