import type { APIRequestContext } from '@playwright/test';
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

/** X-Total-Count of a list as `role` sees it, to compare with what the screen counts. */
async function totalOf(request: APIRequestContext, token: string, url: string) {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

test.describe('staff dashboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin follows the processes in progress in a table and narrows them by a search', async ({
    page,
    request,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    const token = await loginAs('admin');
    await page.setViewportSize(widths.desktop);
    await page.goto('/process-instances');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Processos em andamento' }),
    ).toBeVisible();
    // The story's four open requests and the office's safra of the Selo Ambiental (demo-office.ts).
    const open = await totalOf(request, token, '/api/process-instance/all?limit=1');
    expect(open).toBeGreaterThan(100);
    await expect(page.getByText(`${open} processos`, { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Processos' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(26);
    await expect(table.getByRole('columnheader', { name: 'Espera' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    await expectAccessible();
    await snap('process-instances-1280');

    await page.getByRole('searchbox', { name: 'Buscar processos' }).fill('camaqua');
    await expect(rows).toHaveCount(2);
    await expect(page).toHaveURL(/\/process-instances\?busca=camaqua$/);
    await expect(page.getByText('1 processo encontrado para "camaqua"')).toBeVisible();
    const started = table.getByRole('row', { name: /Granja Arroio Duro/ });
    await expect(started.getByText('Em Andamento')).toBeVisible();
    await expect(started.getByText('Rafael Dutra Pereira')).toBeVisible();
    const href = await started
      .getByRole('link', { name: 'Granja Arroio Duro' })
      .getAttribute('href');
    expect(href).toMatch(/^\/producer-details\/[0-9a-f-]{36}$/);

    for (const business of DEMO_BUSINESSES.slice(0, 3)) {
      await page.getByRole('searchbox', { name: 'Buscar processos' }).fill(business);
      await expect(table.getByRole('row', { name: new RegExp(business) })).toBeVisible();
    }
    await page.getByRole('searchbox', { name: 'Buscar processos' }).fill('uruguaiana');
    await expect(page.getByText('Nenhum processo encontrado para "uruguaiana"')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar busca' }).first().click();
    await expect(page.getByText(`${open} processos`, { exact: true })).toBeVisible();
  });

  test('the processes in progress are cards on a phone screen', async ({ page, loginAs, snap }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.mobile);
    await page.goto('/process-instances');
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('process-instances-375');
  });

  test('a technician finds the waiting request in Pendentes and searches it', async ({
    page,
    request,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    const token = await loginAs('technician');
    await page.setViewportSize(widths.desktop);
    await page.goto('/pendings');

    await expect(page.getByRole('heading', { level: 1, name: 'Pendentes' })).toBeVisible();
    // A technician opens on 'Atribuídas a mim': the office's requests assigned to the demo's.
    await expect(page.getByRole('radio', { name: 'Atribuídas a mim' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Processos atribuídos a mim' })).toBeVisible();
    await page.getByText('Todas as pendentes').click();
    await expect(page).toHaveURL(/atribuidas=todas/);
    const table = page.getByRole('table', { name: 'Processos pendentes' });
    // The list of all the pending requests replaces the technician's own (its search box too)
    // once the address has changed: typing before that would go to the box on its way out.
    await expect(table).toBeVisible();
    const waiting = table.getByRole('row', { name: /Fazenda Lagoa Mirim/ });
    const search = page.getByRole('searchbox', { name: 'Buscar processos' });
    await search.fill('lagoa mirim');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(waiting.getByText('Pendente')).toBeVisible();
    await expect(waiting.getByText('Arroz de Qualidade Superior')).toBeVisible();
    // The bell counts the requests waiting for this technician and the demo's answered pendência.
    const bell = await totalOf(request, token, '/api/process-instance/pending?limit=1');
    await expect(
      page.getByRole('link', { name: 'Pendência respondida. Revise aqui!' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Notificações (${bell > 99 ? '99+' : bell})` }),
    ).toBeVisible();
    await expectAccessible();
    await snap('pendings-1280');

    await search.fill('camaqua');
    await expect(page.getByText('Nenhum processo encontrado para "camaqua"')).toBeVisible();

    await page.setViewportSize(widths.mobile);
    await page.goto('/pendings?atribuidas=todas&busca=lagoa+mirim');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Fazenda Lagoa Mirim' })).toBeVisible();
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
