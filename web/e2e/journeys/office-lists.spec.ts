import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { municipalityKey } from '@agroselo/contracts';
import { expect, test, TOKEN_KEY, tokenOf, widths } from '../fixtures';
import { expectTableFits } from '../overflow';
import { choose } from '../select';

/** Picks `option` in the table's filter `label`. */
const chooseFilter = (page: Page, label: string, option: string) =>
  choose(page, page.getByRole('form', { name: 'Filtros' }), label, option);

/**
 * The office's other lists (issue 43) on the demo data: at 1280 px an admin narrows Usuários to
 * the active technicians, sorts them by e-mail, opens the same view from the copied address in
 * another browser and manages one; the property table is narrowed to a region, sorted and
 * exported as it stands. At 375 px both stay the spec's lists, and usable.
 */
test.describe('the office lists', () => {
  test('an admin filters and sorts Usuários; the address reproduces the view', async ({
    page,
    browser,
    request,
    signInWith,
    snap,
    expectAccessible,
  }) => {
    const adminToken = await tokenOf(request, 'admin');
    await signInWith(adminToken);
    await page.setViewportSize(widths.desktop);
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Usuários' });
    await expect(table).toBeVisible();

    await chooseFilter(page, 'Papel', 'Técnico');
    await expect(page).toHaveURL(/papel=tecnico/);
    await chooseFilter(page, 'Situação', 'Ativos');
    await expect(page).toHaveURL(/situacao=ativos/);
    const rows = table.locator('tbody tr');
    // Every row shown is an active technician (once the new page is in).
    await expect
      .poll(async () => {
        const shown = await rows.count();
        return (
          shown >= 5 &&
          shown === (await table.getByText('Técnico', { exact: true }).count()) &&
          shown === (await table.getByText('Ativo', { exact: true }).count())
        );
      })
      .toBe(true);
    await expect(page.getByText(/^\d+ usuários$/)).toBeVisible();

    const email = table.getByRole('columnheader', { name: 'E-mail' });
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/ordem=-email/);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const emails = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(emails).toEqual([...emails].sort().reverse());
    await expectTableFits(page, 'Usuários');
    await expectAccessible();
    await snap('users-table-1280');

    // Back undoes the last change of the view.
    await page.goBack();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await expect(email).toHaveAttribute('aria-sort', 'descending');

    // The copied address, in another browser: the same view.
    const address = page.url();
    const other = await browser.newContext({ viewport: widths.desktop });
    await other.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
      TOKEN_KEY,
      adminToken,
    ] as const);
    const copy = await other.newPage();
    await copy.goto(address);
    const copied = copy.getByRole('table', { name: 'Usuários' });
    await expect(copied.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const copiedFilters = copy.getByRole('form', { name: 'Filtros' });
    await expect(copiedFilters.getByRole('textbox', { name: 'Papel' })).toHaveValue('Técnico');
    await expect(copiedFilters.getByRole('textbox', { name: 'Situação' })).toHaveValue('Ativos');
    await expect(copied.locator('tbody tr td:nth-child(2)').first()).toHaveText(emails[0]!);
    await other.close();

    // 'Gerenciar' on a row opens the account.
    const row = table.getByRole('row', { name: /Rafael Dutra Pereira/ });
    await row.getByRole('button', { name: 'Gerenciar Rafael Dutra Pereira' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gerenciar usuário' });
    await expect(dialog.getByRole('heading', { name: 'Rafael Dutra Pereira' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Desativar conta' })).toBeVisible();
    await expectAccessible();
    await snap('users-table-manage-1280');
  });

  test('an admin narrows the properties to a region, sorts and exports the view', async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.desktop);
    await page.goto('/properties');
    const table = page.getByRole('table', { name: 'Propriedades' });
    await expect(table).toBeVisible();
    await chooseFilter(page, 'Região', 'Campanha');
    await expect(page).toHaveURL(/regiao=Campanha/);
    const municipality = table.getByRole('columnheader', { name: 'Município' });
    await municipality.getByRole('button').click();
    await expect(municipality).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/ordem=municipio/);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const regions = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(regions.length).toBeGreaterThan(3);
    expect(new Set(regions)).toEqual(new Set(['Campanha']));
    const towns = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    const keys = towns.map(municipalityKey);
    expect(keys).toEqual([...keys].sort());
    const total = Number(
      (await page.getByText(/^\d+ propriedades$/).innerText()).replace(/\D/g, ''),
    );
    await expectTableFits(page, 'Propriedades');
    await expectAccessible();
    await snap('properties-table-1280');

    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path())!)).toString('utf8').slice(1).trimEnd();
    const [header, ...lines] = csv.split('\r\n');
    expect(header!.split(';')[0]).toBe('Propriedade');
    // The file is the view: the same rows, in the same order.
    expect(lines).toHaveLength(total);
    const names = await table.locator('tbody tr td:nth-child(1)').allInnerTexts();
    expect(lines.slice(0, names.length).map((line) => line.split(';')[0])).toEqual(names);
  });

  test('at 375 px Usuários and the properties stay the spec lists, and usable', async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.mobile);
    await page.goto('/users?papel=tecnico&ordem=-email');
    const card = page.getByRole('article', { name: 'Rafael Dutra Pereira' });
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill('rafael');
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: 'Gerenciar Rafael Dutra Pereira' }).click();
    await expect(page.getByRole('dialog', { name: 'Gerenciar usuário' })).toBeVisible();
    await expectAccessible();
    await snap('users-cards-375');

    await page.goto('/properties?regiao=Campanha');
    await expect(page.getByRole('form', { name: 'Filtros' })).toHaveCount(0);
    await expect(page.getByText(/^\d+ propriedades$/)).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Paginação' })
      .getByRole('button', { name: 'Página 2' })
      .click();
    await expect(page).toHaveURL(/pagina=2/);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible();
    await snap('properties-list-375');
  });
});
