import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InstanceStatus } from '@agroselo/contracts';
import { json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders, typeWithoutPauses } from '../../../test/render';
import { ProcessInstancesPage } from './process-instances.page';
import { wireInstance, wirePending } from './test-data';

const ALL = 'GET /api/process-instance/all';
const SEARCH = 'GET /api/process-instance/search';

const ongoing = wireInstance();
const waiting = wirePending();

/** The URLs fetched, in order, relative to the origin. */
const urls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input));

function renderPage(route = '/process-instances') {
  return renderWithProviders(
    <>
      <ProcessInstancesPage />
      <LocationProbe />
    </>,
    { route },
  );
}

const cardOf = async (name: string) =>
  (await screen.findByRole('article', { name })) as HTMLElement;

describe('ProcessInstancesPage', () => {
  it('shows one card per instance in progress, with its facts and a link to its detail', async () => {
    const fetchMock = mockFetch({
      [ALL]: json([ongoing, waiting], { headers: { 'X-Total-Count': '2' } }),
    });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Processos em andamento' })).toBeVisible();
    const card = within(await cardOf('Granja Arroio Duro'));
    expect(card.getByText('G')).toBeInTheDocument();
    expect(card.getByText('Processo #1a0f9e8d')).toBeInTheDocument();
    expect(card.getByText('Em Andamento')).toBeInTheDocument();
    expect(card.getByText('29.384.756/0001-63')).toBeInTheDocument();
    expect(card.getByText('Camaquã')).toBeInTheDocument();
    expect(card.getByText('Arroz Sustentável RS')).toBeInTheDocument();
    expect(card.getByText('Rafael Dutra Pereira')).toBeInTheDocument();
    expect(card.getByText('Status:').parentElement).toHaveTextContent('Status: Processo ativo');
    expect(card.getByRole('link', { name: /^Ver Detalhes/ })).toHaveAttribute(
      'href',
      `/producer-details/${ongoing.id}`,
    );
    expect(screen.getByText('2 processos')).toBeInTheDocument();
    expect(urls(fetchMock)[0]).toBe(
      '/api/process-instance/all?status=in_progress&sort=-created_at&limit=12&offset=0',
    );

    const other = within(await cardOf('Fazenda Lagoa Mirim'));
    expect(other.getByText('Pendente')).toBeInTheDocument();
    expect(other.getByText('Não atribuído')).toBeInTheDocument();
    expect(other.getByText('Status:').parentElement).toHaveTextContent(
      'Status: Aguardando análise',
    );
  });

  it('shows the real progress of the forms, and 0 % when none was started', async () => {
    mockFetch({
      [ALL]: json([
        wireInstance({ progress: { finished: 1, total: 4 } }),
        wireInstance({
          id: '0190a3c2-7b1e-7c3a-9f1e-0000000000f2',
          business: { ...ongoing.business, business_name: 'Agropecuária Coxilha Verde' },
          status: InstanceStatus.PRODUCER_PENDING,
          initiated: false,
          progress: { finished: 0, total: 0 },
        }),
      ]),
    });
    renderPage();

    const started = within(await cardOf('Granja Arroio Duro'));
    expect(
      started.getByRole('progressbar', { name: 'Progresso do processo #1a0f9e8d' }),
    ).toHaveAttribute('aria-valuenow', '25');
    expect(started.getByText('25%')).toBeInTheDocument();
    expect(started.getByText('1 de 4 formulários concluídos')).toBeInTheDocument();

    const waitingProducer = within(await cardOf('Agropecuária Coxilha Verde'));
    expect(waitingProducer.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(waitingProducer.getByText('0%')).toBeInTheDocument();
    expect(waitingProducer.getByText('Sem formulários iniciados')).toBeInTheDocument();
    expect(waitingProducer.getByText('Aguardando produtor')).toBeInTheDocument();
  });

  it('searches as the user types, keeps the search in the address and clears it', async () => {
    const fetchMock = mockFetch({
      [ALL]: json([ongoing, waiting]),
      [SEARCH]: json([ongoing], { headers: { 'X-Total-Count': '1' } }),
    });
    renderPage();
    await cardOf('Fazenda Lagoa Mirim');

    await typeWithoutPauses(screen.getByRole('searchbox', { name: 'Buscar processos' }), 'camaqua');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Fazenda Lagoa Mirim' })).toBeNull(),
    );
    expect(screen.getByRole('article', { name: 'Granja Arroio Duro' })).toBeInTheDocument();
    expect(screen.getByText('1 processo encontrado para "camaqua"')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/process-instances?busca=camaqua');
    // Debounced: one search for the whole word, not one per letter.
    expect(urls(fetchMock).filter((url) => url.includes('/search'))).toEqual([
      '/api/process-instance/search?status=in_progress&sort=-created_at&query=camaqua&limit=12&offset=0',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByRole('article', { name: 'Fazenda Lagoa Mirim' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar processos' })).toHaveValue('');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/process-instances$/);
  });

  it('starts from the search in the address', async () => {
    const fetchMock = mockFetch({ [SEARCH]: json([ongoing]) });
    renderPage('/process-instances?busca=arroio');
    await cardOf('Granja Arroio Duro');
    expect(screen.getByRole('searchbox', { name: 'Buscar processos' })).toHaveValue('arroio');
    expect(urls(fetchMock)).toEqual([
      '/api/process-instance/search?status=in_progress&sort=-created_at&query=arroio&limit=12&offset=0',
    ]);
  });

  it('says there is nothing in progress', async () => {
    mockFetch({ [ALL]: json([], { headers: { 'X-Total-Count': '0' } }) });
    renderPage();
    expect(await screen.findByText('Nenhum processo em andamento')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Limpar busca' })).toBeNull();
  });

  it('says nothing matched the search, and offers to clear it', async () => {
    mockFetch({ [ALL]: json([ongoing]), [SEARCH]: json([]) });
    renderPage('/process-instances?busca=uruguaiana');
    expect(
      await screen.findByText('Nenhum processo encontrado para "uruguaiana"'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nenhum processo em andamento')).toBeNull();

    const clearButtons = screen.getAllByRole('button', { name: 'Limpar busca' });
    await userEvent.click(clearButtons[clearButtons.length - 1]!);
    expect(await cardOf('Granja Arroio Duro')).toBeInTheDocument();
  });

  it('shows a skeleton while loading', () => {
    mockFetch({ [ALL]: () => new Promise<Response>(() => {}) });
    renderPage();
    expect(screen.getByText('Carregando processos…')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and retries on demand', async () => {
    let calls = 0;
    mockFetch({
      [ALL]: () => {
        calls += 1;
        return calls === 1 ? new Response(null, { status: 502 }) : json([ongoing]);
      },
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os processos');
    expect(alert).toHaveTextContent('Falha na requisição');

    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await cardOf('Granja Arroio Duro')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages when there are more instances than fit on one page', async () => {
    const fetchMock = mockFetch({
      [ALL]: json([ongoing], { headers: { 'X-Total-Count': '30' } }),
    });
    renderPage();
    await cardOf('Granja Arroio Duro');
    const pagination = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(pagination).getByRole('button', { name: 'Página 3' })).toBeInTheDocument();
    expect(within(pagination).queryByRole('button', { name: 'Página 4' })).toBeNull();

    await userEvent.click(within(pagination).getByRole('button', { name: 'Página 2' }));
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        '/api/process-instance/all?status=in_progress&sort=-created_at&limit=12&offset=12',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/process-instances?pagina=2');
  });

  it('shows no pagination when everything fits on one page', async () => {
    mockFetch({ [ALL]: json([ongoing], { headers: { 'X-Total-Count': '12' } }) });
    renderPage();
    await cardOf('Granja Arroio Duro');
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });
});
