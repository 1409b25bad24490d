import type { Locator, Page } from '@playwright/test';
import type { ReportSummary } from '@agroselo/contracts';
import { expect, test, widths } from '../fixtures';
import { expectNoPageOverflow } from '../overflow';

const count = (value: number) => new Intl.NumberFormat('pt-BR').format(value);
const hectares = (value: number) =>
  `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(value)} ha`;

/** The cells of the row of `table` headed `name`. */
const cellsOf = (page: Page, table: Locator, name: string) =>
  table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .getByRole('cell');

/**
 * Opens 'Relatórios' from the menu and checks the page against the very answer it drew from the
 * API (other journeys add requests meanwhile: the figures are read, never written down here).
 */
async function openReports(page: Page, mobile: boolean): Promise<ReportSummary> {
  await page.goto('/');
  if (mobile) await page.getByRole('button', { name: 'Abrir menu' }).click();
  const answer = page.waitForResponse(
    (response) => response.url().includes('/api/reports/summary') && response.ok(),
  );
  await page.getByRole('link', { name: 'Relatórios' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  return (await (await answer).json()) as ReportSummary;
}

async function expectFigures(page: Page, summary: ReportSummary) {
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  expect(summary.safra).not.toBeNull();
  expect(summary.totals.requests).toBeGreaterThan(0);
  expect(summary.totals.certified).toBeGreaterThan(0);
  await expect(page.getByRole('textbox', { name: 'Safra' })).toHaveValue(summary.safra!);

  const card = (label: string) =>
    page.getByRole('heading', { level: 3, name: label, exact: true }).locator('..');
  await expect(card('Pedidos')).toContainText(count(summary.totals.requests));
  await expect(card('Certificados')).toContainText(count(summary.totals.certified));
  await expect(card('Hectares inscritos')).toContainText(
    hectares(summary.totals.hectares_enrolled),
  );
  await expect(card('Hectares certificados')).toContainText(
    hectares(summary.totals.hectares_certified),
  );

  // Both charts drew a group of bars per region, each bar's figure at its end.
  const chart = (title: string) =>
    page.getByRole('region', { name: title }).locator('[aria-hidden="true"]');
  for (const region of summary.by_region) {
    await expect(chart('Hectares por região')).toContainText(
      `${region.label}${hectares(region.hectares_enrolled)}${hectares(region.hectares_certified)}`,
    );
    await expect(chart('Pedidos por situação')).toContainText(
      `${region.label}${count(region.requests)}`,
    );
  }

  const regions = page.getByRole('table', { name: 'Hectares e pedidos por região' });
  for (const region of summary.by_region) {
    await expect(cellsOf(page, regions, region.label)).toHaveText([
      count(region.requests),
      count(region.certified),
      hectares(region.hectares_enrolled),
      hectares(region.hectares_certified),
    ]);
  }
  const statuses = page.getByRole('table', { name: 'Pedidos por situação e região' });
  for (const region of summary.by_region) {
    const other =
      region.requests - region.certified - region.suspended - region.in_progress - region.rejected;
    await expect(cellsOf(page, statuses, region.label)).toHaveText(
      [region.certified, region.suspended, region.in_progress, region.rejected, other].map(count),
    );
  }
  const municipalities = page.getByRole('table', { name: 'Pedidos e hectares por município' });
  await expect(municipalities.getByRole('rowheader')).toHaveCount(summary.by_municipality.length);
  for (const row of summary.by_municipality) {
    const region = summary.by_region.find((candidate) => candidate.region === row.region)!;
    await expect(cellsOf(page, municipalities, row.municipality)).toHaveText([
      region.label,
      count(row.requests),
      count(row.certified),
      count(row.rejected),
      hectares(row.hectares_enrolled),
      hectares(row.hectares_certified),
    ]);
  }
}

for (const viewport of Object.values(widths)) {
  const mobile = viewport.width < 768;

  test(`an admin reads the demo safra's report from the menu (${viewport.width} px)`, async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    // Every figure of the page is checked against the API's answer: many steps on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await loginAs('admin');
    const summary = await openReports(page, mobile);
    await expectFigures(page, summary);
    await snap(`reports-admin-${viewport.width}`);
    await expectNoPageOverflow(page);
    await expectAccessible();
  });

  // The same page as the admin's at the same width: axe checks it in the admin's journey.
  test(`a technician reads the same report (${viewport.width} px)`, async ({
    page,
    loginAs,
    snap,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await loginAs('technician');
    const summary = await openReports(page, mobile);
    await expectFigures(page, summary);
    await snap(`reports-technician-${viewport.width}`);
    await expectNoPageOverflow(page);
  });
}
