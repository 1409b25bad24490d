import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PENDING_MESSAGES } from '@agroselo/contracts';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { PendingsPage } from './pendings.page';
import { wirePending } from './test-data';

const waiting = wirePending();
const urls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input));

describe('PendingsPage', () => {
  it('lists the requests waiting for a technician, with seal, request date and link', async () => {
    const fetchMock = mockFetch({
      'GET /api/process-instance/all': json([waiting], { headers: { 'X-Total-Count': '1' } }),
    });
    renderWithProviders(<PendingsPage />, { route: '/pendings' });

    expect(screen.getByRole('heading', { level: 1, name: 'Pendentes' })).toBeVisible();
    const card = within(await screen.findByRole('article', { name: 'Fazenda Lagoa Mirim' }));
    expect(card.getByText('Pendente')).toBeInTheDocument();
    expect(card.getByText('Status:').parentElement).toHaveTextContent('Status: Aguardando análise');
    expect(card.getByText('Arroz de Qualidade Superior')).toBeInTheDocument();
    expect(card.getByText('87.451.236/0001-22')).toBeInTheDocument();
    expect(card.getByText('Santa Vitória do Palmar')).toBeInTheDocument();
    expect(card.getByText(/^15\/03\/2026 às \d{2}:\d{2}$/)).toHaveAttribute(
      'datetime',
      waiting.created_at,
    );
    expect(card.getByText('Processo #0000aa01')).toBeInTheDocument();
    expect(card.getByRole('link', { name: /^Ver Detalhes/ })).toHaveAttribute(
      'href',
      `/producer-details/${waiting.id}`,
    );
    expect(urls(fetchMock)).toEqual([
      '/api/process-instance/all?status=pending&sort=-created_at&limit=12&offset=0',
    ]);
  });

  it('searches among the pending requests only', async () => {
    const fetchMock = mockFetch({
      'GET /api/process-instance/all': json([waiting]),
      'GET /api/process-instance/search': json([]),
    });
    renderWithProviders(<PendingsPage />, { route: '/pendings' });
    await screen.findByRole('article', { name: 'Fazenda Lagoa Mirim' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar processos' }), 'Pelotas');
    expect(
      await screen.findByText('Nenhum processo encontrado para "Pelotas"'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        '/api/process-instance/search?status=pending&sort=-created_at&query=Pelotas&limit=12&offset=0',
      ),
    );
  });

  it('searches at once on Enter', async () => {
    const fetchMock = mockFetch({
      'GET /api/process-instance/all': json([waiting]),
      'GET /api/process-instance/search': json([waiting]),
    });
    renderWithProviders(<PendingsPage />, { route: '/pendings' });
    await screen.findByRole('article', { name: 'Fazenda Lagoa Mirim' });
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Buscar processos' }),
      'lagoa{Enter}',
    );
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        '/api/process-instance/search?status=pending&sort=-created_at&query=lagoa&limit=12&offset=0',
      ),
    );
  });

  it('says there is nothing pending', async () => {
    mockFetch({ 'GET /api/process-instance/all': json([]) });
    renderWithProviders(<PendingsPage />, { route: '/pendings' });
    expect(await screen.findByText('Nenhum processo pendente')).toBeInTheDocument();
  });

  it('lists the pendências answered by producers, as the bell does', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/info': json(wireUser('technician')),
      'GET /api/process-instance/all': json([]),
      'GET /api/process-instance/pending': json([
        { id: waiting.id, url: `/producer-details/${waiting.id}`, message: PENDING_MESSAGES.staff },
        {
          id: waiting.id,
          url: `/producer-details/${waiting.id}`,
          message: PENDING_MESSAGES.pendencyAnswered,
        },
      ]),
    });
    renderWithProviders(<PendingsPage />, { route: '/pendings' });
    const section = within(await screen.findByRole('region', { name: 'Pendências' }));
    expect(section.getByRole('link', { name: PENDING_MESSAGES.pendencyAnswered })).toHaveAttribute(
      'href',
      `/producer-details/${waiting.id}`,
    );
    expect(section.queryByText(PENDING_MESSAGES.staff)).not.toBeInTheDocument();
  });
});
