import { expect as baseExpect, test, widths } from '../fixtures';

// These journeys run first, two at a time, on a server and in browsers that are still cold, and
// every other journey waits for them (a time-out here skips them all): their waits and their
// budget are three times the others'.
const expect = baseExpect.configure({ timeout: 30_000 });

const DEMO_BUSINESSES = [
  'Fazenda Lagoa Mirim',
  'Agropecuária Coxilha Verde',
  'Granja Arroio Duro',
  // The renewal of last season's certificate, under way (demo-safras.ts).
  'Granja Banhado do Taim',
];

test.describe('staff dashboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin follows the processes in progress and narrows them by municipality', async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.desktop);
    await page.goto('/process-instances');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Processos em andamento' }),
    ).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(DEMO_BUSINESSES.length);
    for (const business of DEMO_BUSINESSES) {
      await expect(page.getByRole('article', { name: business })).toBeVisible();
    }
    const started = page.getByRole('article', { name: 'Granja Arroio Duro' });
    await expect(started.getByText('Em Andamento')).toBeVisible();
    await expect(started.getByText('Processo ativo')).toBeVisible();
    await expect(started.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    await expect(started.getByText('1 de 4 formulários concluídos')).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Fazenda Lagoa Mirim' }).getByText('Pendente'),
    ).toBeVisible();
    await expectAccessible();
    await snap('process-instances-1280');

    await page.getByRole('searchbox', { name: 'Buscar processos' }).fill('camaqua');
    await expect(cards).toHaveCount(1);
    await expect(started).toBeVisible();
    await expect(page).toHaveURL(/\/process-instances\?busca=camaqua$/);
    await expect(page.getByText('1 processo encontrado para "camaqua"')).toBeVisible();

    const details = started.getByRole('link', { name: /^Ver Detalhes/ });
    const href = await details.getAttribute('href');
    expect(href).toMatch(/^\/producer-details\/[0-9a-f-]{36}$/);
    await expect(started.getByText(`Processo #${href!.slice(-8)}`)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar processos' }).fill('uruguaiana');
    await expect(page.getByText('Nenhum processo encontrado para "uruguaiana"')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar busca' }).first().click();
    await expect(cards).toHaveCount(DEMO_BUSINESSES.length);
  });

  test('the processes in progress fit a phone screen', async ({ page, loginAs, snap }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.mobile);
    await page.goto('/process-instances');
    await expect(page.getByRole('article')).toHaveCount(DEMO_BUSINESSES.length);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('process-instances-375');
  });

  test('a technician finds the waiting request in Pendentes and searches it', async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    await loginAs('technician');
    await page.setViewportSize(widths.desktop);
    await page.goto('/pendings');

    await expect(page.getByRole('heading', { level: 1, name: 'Pendentes' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(1);
    const waiting = page.getByRole('article', { name: 'Fazenda Lagoa Mirim' });
    await expect(waiting.getByText('Pendente')).toBeVisible();
    await expect(waiting.getByText('Aguardando análise')).toBeVisible();
    await expect(waiting.getByText('Arroz de Qualidade Superior')).toBeVisible();
    await expect(waiting.getByText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
    await expect(waiting.getByRole('link', { name: /^Ver Detalhes/ })).toHaveAttribute(
      'href',
      /^\/producer-details\/[0-9a-f-]{36}$/,
    );
    // The bell counts that request and the demo's answered pendência, listed above the requests.
    await expect(
      page.getByRole('link', { name: 'Pendência respondida. Revise aqui!' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notificações (2)' })).toBeVisible();
    await expectAccessible();
    await snap('pendings-1280');

    const search = page.getByRole('searchbox', { name: 'Buscar processos' });
    await search.fill('santa vitoria');
    await expect(page).toHaveURL(/busca=santa/);
    await expect(cards).toHaveCount(1);
    await search.fill('camaqua');
    await expect(page.getByText('Nenhum processo encontrado para "camaqua"')).toBeVisible();
    await expect(cards).toHaveCount(0);

    await page.setViewportSize(widths.mobile);
    await page.goto('/pendings');
    await expect(cards).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('pendings-375');
  });

  test('an owner is refused the processes in progress', async ({ page, loginAs }) => {
    await loginAs('owner');
    await page.goto('/process-instances');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});
