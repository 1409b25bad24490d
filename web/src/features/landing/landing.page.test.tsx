import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Stamp } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { LandingPage } from './landing.page';

const PROCESS_ID = '0190a3c2-7b1e-7c3a-9f1e-000000000001';

const stamps: Stamp[] = [
  {
    id: '0190a3c2-7b1e-7c3a-9f1e-00000000000a',
    name: 'Arroz Sustentável',
    description: 'Produção com uso racional da água.',
    features: [{ feature: 'Manejo da água' }, { feature: 'Licenças em dia' }],
    process_id: PROCESS_ID,
    safra: '2026/27',
    image_url: '/api/stamp/a/image',
  },
  {
    id: '0190a3c2-7b1e-7c3a-9f1e-00000000000b',
    name: 'Arroz Orgânico',
    description: 'Sem agrotóxicos.',
    features: [],
    process_id: null,
    safra: '2026/27',
    image_url: null,
  },
];

describe('LandingPage', () => {
  it('renders one card per seal with its image, description and features', async () => {
    mockFetch({ 'GET /api/stamp/all': json(stamps) });
    renderWithProviders(<LandingPage />);

    const card = (await screen.findByRole('heading', { name: 'Arroz Sustentável' })).closest(
      'article',
    );
    expect(card).not.toBeNull();
    const seal = within(card as HTMLElement);
    expect(seal.getByRole('img', { name: 'Selo Arroz Sustentável' })).toHaveAttribute(
      'src',
      '/api/stamp/a/image',
    );
    expect(seal.getByText('Produção com uso racional da água.')).toBeInTheDocument();
    expect(seal.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Manejo da água',
      'Licenças em dia',
    ]);
    expect(screen.getByRole('heading', { name: 'Arroz Orgânico' })).toBeInTheDocument();
  });

  it("links 'Solicitar {nome}' to the seal's process, only when it has one", async () => {
    const fetchMock = mockFetch({ 'GET /api/stamp/all': json(stamps) });
    renderWithProviders(<LandingPage />);
    expect(
      await screen.findByRole('link', { name: 'Solicitar Arroz Sustentável' }),
    ).toHaveAttribute('href', `/request-process/${PROCESS_ID}`);
    expect(screen.queryByRole('link', { name: 'Solicitar Arroz Orgânico' })).toBeNull();
    const headers = new Headers(callTo(fetchMock, 'GET /api/stamp/all')?.init.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('shows a skeleton while loading', () => {
    mockFetch({ 'GET /api/stamp/all': () => new Promise<Response>(() => {}) });
    renderWithProviders(<LandingPage />);
    expect(screen.getByText('Carregando selos…')).toBeInTheDocument();
  });

  it('says so when the seals cannot be loaded, and retries on demand', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/stamp/all': () => {
        calls += 1;
        return calls === 1 ? new Response(null, { status: 502 }) : json(stamps);
      },
    });
    renderWithProviders(<LandingPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os selos');
    expect(alert).toHaveTextContent('Falha na requisição');

    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Arroz Sustentável' })).toBeInTheDocument();
  });

  it('says so when there is no seal yet', async () => {
    mockFetch({ 'GET /api/stamp/all': json([]) });
    renderWithProviders(<LandingPage />);
    expect(await screen.findByText(/Nenhum selo disponível no momento/)).toBeInTheDocument();
  });

  it('presents what we do and invites visitors to register', () => {
    mockFetch({ 'GET /api/stamp/all': json([]) });
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const theme of [
      'Análise de dados',
      'Monitoramento sustentável',
      'Comunidade de produtores',
    ]) {
      expect(screen.getByRole('heading', { name: theme })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Criar minha conta' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/register');
  });

  it('plays a muted, looping background video that does not preload', () => {
    mockFetch({ 'GET /api/stamp/all': json([]) });
    const { container } = renderWithProviders(<LandingPage />);
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video?.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/media/field-poster.jpg');
  });

  it('does not invite a signed-in producer to register again', async () => {
    storeToken();
    mockFetch({ 'GET /api/stamp/all': json([]), 'GET /api/auth/info': json(wireUser('owner')) });
    renderWithProviders(<LandingPage />);
    await screen.findByText(/Nenhum selo disponível/);
    expect(screen.queryByRole('link', { name: 'Criar minha conta' })).toBeNull();
  });
});
