import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages, type PublicCertificate, type SealHolder } from '@agroselo/contracts';
import { json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { CertificatePage } from './certificate.page';
import { SealHolders } from './components/seal-holders';
import { VerifyPage } from './verify.page';

const m = messages.certificates;
const PROCESS_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000c001';

function wireCertificate(overrides: Partial<PublicCertificate> = {}): PublicCertificate {
  return {
    number: 'AGS-7K3M-9QXT',
    status: 'valid',
    valid_from: '2026-07-01',
    valid_until: '2028-06-30',
    issued_at: '2026-11-20T15:00:00.000Z',
    level: null,
    standing: null,
    safra: '2026/27',
    property: {
      business_name: 'Fazenda Lagoa Mirim',
      cnpj: '87451236000122',
      municipality: 'Santa Vitória do Palmar',
    },
    seal: {
      name: 'Arroz Sustentável RS',
      description: 'Reconhece lavouras de arroz irrigado.',
      image_url: '/api/stamp/0190a3c2-7b1e-7c3a-9f1e-00000000a001/image?v=abc',
      process_id: PROCESS_ID,
    },
    issued_by: { name: 'Rafael Dutra Pereira', crea: '00000001827364' },
    verification_url: 'http://localhost:3000/verificar/AGS-7K3M-9QXT',
    pdf_url: 'http://localhost:3000/api/certificate/AGS-7K3M-9QXT/pdf',
    ...overrides,
  };
}

function renderVerification(path: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch(routes);
  renderWithProviders(
    <>
      <Routes>
        <Route path="/verificar" element={<VerifyPage />} />
        <Route path="/verificar/:number" element={<CertificatePage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route: path },
  );
  return fetchMock;
}

describe('CertificatePage (/verificar/{number})', () => {
  it('says a valid certificate is valid, with what a buyer checks, the PDF and the seal', async () => {
    renderVerification('/verificar/AGS-7K3M-9QXT', {
      'GET /api/certificate/AGS-7K3M-9QXT': json(wireCertificate()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: m.statusValid })).toBeVisible();
    expect(screen.getByRole('status', { name: m.statusValid })).toHaveTextContent(
      'dentro da validade, até 30/06/2028',
    );
    const details = within(screen.getByRole('region', { name: 'Arroz Sustentável RS' }));
    expect(details.getByText('Fazenda Lagoa Mirim')).toBeVisible();
    expect(details.getByText('87.451.236/0001-22')).toBeVisible();
    expect(details.getByText('Santa Vitória do Palmar')).toBeVisible();
    expect(details.getByText('01/07/2026 a 30/06/2028')).toBeVisible();
    expect(details.getByText('20/11/2026')).toBeVisible();
    expect(details.getByText('Técnico responsável').nextElementSibling).toHaveTextContent(
      'Rafael Dutra Pereira — CREA 18.273-64',
    );
    expect(details.getByRole('img', { name: 'Selo Arroz Sustentável RS' })).toBeVisible();
    expect(details.getByRole('link', { name: 'Baixar certificado (PDF)' })).toHaveAttribute(
      'href',
      '/api/certificate/AGS-7K3M-9QXT/pdf',
    );
    expect(details.getByRole('link', { name: 'Conhecer o selo' })).toHaveAttribute(
      'href',
      `/request-process/${PROCESS_ID}`,
    );
  });

  it('shows the level the certificate grants', async () => {
    renderVerification('/verificar/AGS-7K3M-9QXT', {
      'GET /api/certificate/AGS-7K3M-9QXT': json(wireCertificate({ level: 'ouro' })),
    });
    const details = within(await screen.findByRole('region', { name: 'Arroz Sustentável RS' }));
    expect(details.getByText('Selo Ouro')).toBeVisible();
    expect(screen.queryByText('Selo Prata')).not.toBeInTheDocument();
  });

  it('shows no level for a seal without levels', async () => {
    renderVerification('/verificar/AGS-7K3M-9QXT', {
      'GET /api/certificate/AGS-7K3M-9QXT': json(wireCertificate()),
    });
    await screen.findByRole('region', { name: 'Arroz Sustentável RS' });
    expect(screen.queryByText(/^Selo (Prata|Ouro)$/)).not.toBeInTheDocument();
  });

  it('says when the validity has ended', async () => {
    renderVerification('/verificar/AGS-7K3M-9QXT', {
      'GET /api/certificate/AGS-7K3M-9QXT': json(wireCertificate({ status: 'expired' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: m.statusExpired })).toBeVisible();
    expect(screen.getByRole('status', { name: m.statusExpired })).toHaveTextContent(
      'terminou em 30/06/2028',
    );
  });

  it('reads a number typed in lower case as the canonical one, not yet valid here', async () => {
    const fetchMock = renderVerification('/verificar/ags-7k3m-9qxt', {
      'GET /api/certificate/AGS-7K3M-9QXT': json(wireCertificate({ status: 'upcoming' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: m.statusUpcoming })).toBeVisible();
    expect(screen.getByRole('status', { name: m.statusUpcoming })).toHaveTextContent(
      'a validade começa em 01/07/2026',
    );
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/certificate/AGS-7K3M-9QXT');
  });

  it('says so when nobody was given the number, and offers to search again', async () => {
    renderVerification('/verificar/AGS-0000-0000', {
      'GET /api/certificate/AGS-0000-0000': json({ detail: m.notFound }, { status: 404 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: m.notFound })).toBeVisible();
    expect(screen.getByText(/não foi concedido pelo AgroSelo/)).toBeVisible();
    expect(screen.getByRole('search', { name: 'Verificar certificado' })).toBeVisible();
  });
});

describe('VerifyPage (/verificar)', () => {
  it('opens the page of the number typed, however it was typed', async () => {
    renderVerification('/verificar', {
      'GET /api/certificate/AGS-7K3M-9QXT': json(wireCertificate()),
    });
    const box = await screen.findByRole('textbox', { name: 'Número do certificado' });
    await userEvent.type(box, 'ags 7k3m 9qxt');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/verificar/AGS-7K3M-9QXT');
    expect(await screen.findByRole('heading', { level: 1, name: m.statusValid })).toBeVisible();
  });

  it('explains the shape of a number it cannot read', async () => {
    renderVerification('/verificar');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Número do certificado' }),
      'AGS-12',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText(m.numberInvalid)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/verificar$/);
  });
});

describe('SealHolders', () => {
  const holder = (overrides: Partial<SealHolder> = {}): SealHolder => ({
    business_name: 'Fazenda Lagoa Mirim',
    municipality: 'Santa Vitória do Palmar',
    status: 'valid',
    valid_from: '2026-07-01',
    valid_until: '2028-06-30',
    level: null,
    ...overrides,
  });

  it('lists the properties holding the seal, with municipality, validity and level', async () => {
    mockFetch({
      [`GET /api/process/${PROCESS_ID}/holders`]: json(
        [
          holder(),
          holder({
            business_name: 'Granja Arroio Duro',
            municipality: 'Camaquã',
            status: 'upcoming',
            valid_from: '2027-01-01',
            level: 'prata',
          }),
        ],
        { headers: { 'X-Total-Count': '2' } },
      ),
    });
    renderWithProviders(<SealHolders processId={PROCESS_ID} />);
    const section = within(
      await screen.findByRole('region', { name: 'Propriedades certificadas' }),
    );
    expect(await section.findByText('2 propriedades têm este selo.')).toBeVisible();
    const items = section.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Fazenda Lagoa Mirim');
    expect(items[0]).toHaveTextContent('Santa Vitória do Palmar');
    expect(items[0]).toHaveTextContent('Válido até 30/06/2028');
    expect(items[1]).toHaveTextContent('Válido a partir de 01/01/2027');
    expect(within(items[1]!).getByText('Selo Prata')).toBeVisible();
    expect(items[0]).not.toHaveTextContent(/Selo (Prata|Ouro)/);
    expect(section.getByRole('link', { name: 'Verificar um certificado' })).toHaveAttribute(
      'href',
      '/verificar',
    );
  });

  it('says when nobody holds it yet', async () => {
    mockFetch({
      [`GET /api/process/${PROCESS_ID}/holders`]: json([], { headers: { 'X-Total-Count': '0' } }),
    });
    renderWithProviders(<SealHolders processId={PROCESS_ID} />);
    expect(await screen.findByText('Nenhuma propriedade tem este selo no momento.')).toBeVisible();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
