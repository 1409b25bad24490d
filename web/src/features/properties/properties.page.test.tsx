import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { wideScreen } from '../../../test/media';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { PropertiesPage } from './properties.page';
import { wireProperty } from './test-data';

const ALL = 'GET /api/property/all';
const SEARCH = 'GET /api/property/search';

const arroio = wireProperty();
const lagoa = wireProperty({
  id: '0190a3c2-7b1e-7c3a-9f1e-00000000b002',
  business_name: 'Fazenda Lagoa Mirim',
  cnpj: '12ABC34501DE35',
  municipality: 'Santa Vitória do Palmar',
  process_instances: [],
});

const urls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input));

function renderPage(route = '/properties') {
  return renderWithProviders(
    <>
      <PropertiesPage />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('PropertiesPage', () => {
  it('lists the properties in a table with their details link', async () => {
    const fetchMock = mockFetch({
      [ALL]: json([arroio, lagoa], { headers: { 'X-Total-Count': '2' } }),
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Propriedades' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nova propriedade' })).toHaveAttribute(
      'href',
      '/register-property',
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nome', 'CNPJ', 'Município', 'Ações']);
    const row = within(table).getByRole('row', { name: /Fazenda Lagoa Mirim/ });
    expect(row).toHaveTextContent('12.ABC.345/01DE-35');
    expect(row).toHaveTextContent('Santa Vitória do Palmar');
    expect(
      within(row).getByRole('link', { name: 'Detalhes de Fazenda Lagoa Mirim' }),
    ).toHaveAttribute('href', `/property/${lagoa.id}`);
    expect(screen.getByText('2 propriedades')).toBeInTheDocument();
    expect(urls(fetchMock)[0]).toBe('/api/property/all?limit=20&offset=0');
  });

  it('opens the details overlay of a selected row, with Editar', async () => {
    const user = userEvent.setup();
    mockFetch({ [ALL]: json([arroio, lagoa]) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Granja Arroio Duro' }));
    const overlay = await screen.findByRole('dialog', { name: 'Granja Arroio Duro' });
    expect(overlay).toHaveTextContent('29.384.756/0001-63');
    expect(overlay).toHaveTextContent('Sérgio Antunes Rodrigues');
    expect(overlay).toHaveTextContent('RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6');
    expect(within(overlay).getByRole('button', { name: /Arroz Sustentável RS/ })).toBeVisible();
    expect(within(overlay).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      `/edit-property/${arroio.id}`,
    );
    await user.click(within(overlay).getByRole('link', { name: 'Editar' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/edit-property/${arroio.id}`);
  });

  it('searches on the server as the user types, and keeps the search in the address', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [ALL]: json([arroio, lagoa]),
      [SEARCH]: json([lagoa], { headers: { 'X-Total-Count': '1' } }),
    });
    renderPage();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar propriedades' }), '12.ABC.345');
    expect(await screen.findByText('1 propriedade encontrada para "12.ABC.345"')).toBeVisible();
    expect(screen.queryByRole('row', { name: /Granja Arroio Duro/ })).toBeNull();
    expect(urls(fetchMock)).toContain('/api/property/search?query=12.ABC.345&limit=20&offset=0');
    expect(screen.getByTestId('location')).toHaveTextContent('busca=12.ABC.345');
  });

  it('says when a search finds nothing, and clears it', async () => {
    const user = userEvent.setup();
    mockFetch({ [ALL]: json([arroio]), [SEARCH]: json([]) });
    renderPage('/properties?busca=uruguaiana');
    expect(
      await screen.findByText('Nenhuma propriedade encontrada para "uruguaiana"'),
    ).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Limpar busca' })[0]!);
    expect(await screen.findByRole('table')).toBeVisible();
  });

  it('pages when there are many', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [ALL]: json([arroio], { headers: { 'X-Total-Count': '45' } }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/property/all?limit=20&offset=40'));
  });
});

describe('PropertiesPage from 992 px: the table', () => {
  const table = () => screen.findByRole('table', { name: 'Propriedades' });

  it('reads the view from the address, asks the server for it and shows each row', async () => {
    wideScreen();
    const fetchMock = mockFetch({
      [ALL]: json([arroio, lagoa], { headers: { 'X-Total-Count': '2' } }),
    });
    renderPage('/properties?regiao=planície costeira interna&municipio=Camaquã&ordem=-pedidos');
    const rows = within(await table()).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('NomeCNPJMunicípioRegiãoResponsávelPedidosAções');
    const first = within(rows[1]!);
    expect(first.getByRole('button', { name: 'Granja Arroio Duro' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('29.384.756/0001-63');
    expect(rows[1]).toHaveTextContent('Planície Costeira Interna');
    expect(rows[1]).toHaveTextContent('Em Andamento');
    expect(rows[1]).toHaveTextContent('último: Arroz Sustentável RS');
    expect(rows[2]).toHaveTextContent('Zona Sul');
    expect(rows[2]).toHaveTextContent('Nenhum');
    expect(
      within(rows[2]!).getByRole('link', { name: 'Detalhes de Fazenda Lagoa Mirim' }),
    ).toHaveAttribute('href', `/property/${lagoa.id}`);
    expect(screen.getByText('2 propriedades')).toBeInTheDocument();
    expect(urls(fetchMock)).toContain(
      `/api/property/all?region=costeira_interna&municipality=${encodeURIComponent('Camaquã')}&sort=-requests&limit=25&offset=0`,
    );
    const filters = within(screen.getByRole('form', { name: 'Filtros' }));
    expect(filters.getByRole('textbox', { name: 'Região' })).toHaveValue(
      'Planície Costeira Interna',
    );
    expect(filters.getByRole('textbox', { name: 'Município' })).toHaveValue('Camaquã');
    expect(screen.getByRole('columnheader', { name: 'Pedidos' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('filters by region and municipality, sorts, and opens the overlay from a row', async () => {
    wideScreen();
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [ALL]: json([arroio], { headers: { 'X-Total-Count': '1' } }) });
    renderPage();
    await table();
    const filters = within(screen.getByRole('form', { name: 'Filtros' }));
    await user.click(filters.getByRole('textbox', { name: 'Região' }));
    await user.click(await screen.findByRole('option', { name: 'Campanha' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/properties?regiao=Campanha');
    await user.type(filters.getByRole('textbox', { name: 'Município' }), 'Bagé{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/properties?regiao=Campanha&municipio=Bag%C3%A9',
    );
    const cnpj = screen.getByRole('columnheader', { name: 'CNPJ' });
    await user.click(within(cnpj).getByRole('button'));
    await waitFor(() => expect(cnpj).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        `/api/property/all?region=campanha&municipality=${encodeURIComponent('Bagé')}&sort=cnpj&limit=25&offset=0`,
      ),
    );
    await user.click(filters.getByRole('button', { name: 'Limpar filtros' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/properties?ordem=cnpj');
    expect(filters.getByRole('textbox', { name: 'Município' })).toHaveValue('');

    await user.click(await screen.findByRole('button', { name: 'Granja Arroio Duro' }));
    const overlay = await screen.findByRole('dialog', { name: 'Granja Arroio Duro' });
    expect(within(overlay).getByRole('link', { name: 'Editar' })).toBeVisible();
  });
});
