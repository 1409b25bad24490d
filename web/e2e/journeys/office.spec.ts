import { expect, switchTo, test, TOKEN_KEY, tokenOf, widths } from '../fixtures';
import { expectTableFits } from '../overflow';
import { choose } from '../select';

/**
 * The office at scale (issue 43), on the demo's safra of the Selo Ambiental: an admin narrows the
 * table to a region and a status, sorts by age, chooses three requests and assigns them to the
 * demo technician, who finds them under 'Atribuídas a mim' and in the bell; the address the admin
 * copies opens the same view elsewhere; on a phone the lists are cards.
 */
test.describe('the office', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin filters, sorts, assigns three requests; the technician sees them', async ({
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
    await page.goto('/process-instances');
    const table = page.getByRole('table', { name: 'Processos' });
    await expect(table).toBeVisible();

    const filters = page.getByRole('form', { name: 'Filtros' });
    await choose(page, filters, 'Região', 'Campanha');
    await expect(page).toHaveURL(/regiao=Campanha/);
    await choose(page, filters, 'Situação', 'Aguardando avaliação');
    await expect(page).toHaveURL(/situacao=aguardando-avaliacao/);
    const rows = table.getByRole('row');
    // Every row shown is of Campanha and waits for an evaluation (once the new page is in).
    // The region stands under each row's municipality.
    const campanha = table.locator('tbody td').getByText('Campanha', { exact: true });
    const waitingBadges = table.getByText('Pendente', { exact: true });
    await expect
      .poll(async () => {
        const shown = (await rows.count()) - 1;
        return (
          shown > 3 && shown === (await campanha.count()) && shown === (await waitingBadges.count())
        );
      })
      .toBe(true);

    // Sorted by age: oldest first after the second click, as aria-sort says.
    const waitingHeader = table.getByRole('columnheader', { name: 'Espera' });
    await waitingHeader.getByRole('button').click();
    await expect(waitingHeader).toHaveAttribute('aria-sort', 'ascending');
    await waitingHeader.getByRole('button').click();
    await expect(waitingHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/ordem=-espera/);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const ages = (await table.locator('tbody tr td:nth-child(7)').allInnerTexts()).map((text) =>
      Number.parseInt(text, 10),
    );
    expect(ages.length).toBeGreaterThanOrEqual(3);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    await expectTableFits(page, 'Processos');
    await expectAccessible();
    await snap('office-table-1280');

    // Back undoes the last change of the view; Forward brings it back.
    await page.goBack();
    await expect(waitingHeader).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await expect(waitingHeader).toHaveAttribute('aria-sort', 'descending');

    const address = page.url();
    const chosen: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const row = rows.nth(n);
      chosen.push(await row.getByRole('link').first().innerText());
      await row.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Atribuir técnico (3)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Atribuir técnico' });
    await dialog.getByRole('textbox', { name: 'Técnico' }).click();
    await page.getByRole('option', { name: 'Rafael Dutra Pereira' }).click();
    await snap('office-assign-1280');
    await dialog.getByRole('button', { name: 'Atribuir' }).click();
    await expect(page.getByText('3 processos atribuídos a Rafael Dutra Pereira.')).toBeVisible();
    for (const name of chosen) {
      const row = table.getByRole('row', { name: new RegExp(name) });
      await expect(row.getByText('Rafael Dutra Pereira')).toBeVisible();
    }

    // The copied address, in another browser: the same view, filtered and sorted.
    const other = await browser.newContext({ viewport: widths.desktop });
    await other.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
      TOKEN_KEY,
      adminToken,
    ] as const);
    const copy = await other.newPage();
    await copy.goto(address);
    const copiedTable = copy.getByRole('table', { name: 'Processos' });
    await expect(copiedTable.getByRole('columnheader', { name: 'Espera' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(
      copy.getByRole('form', { name: 'Filtros' }).getByRole('textbox', { name: 'Região' }),
    ).toHaveValue('Campanha');
    await expect(copiedTable.getByRole('row').nth(1)).toBeVisible();
    await other.close();

    // The technician: 'Atribuídas a mim' and the bell.
    await switchTo(page, await tokenOf(request, 'technician'), '/pendings');
    const mine = page.getByRole('table', { name: 'Processos atribuídos a mim' });
    const search = page.getByRole('searchbox', { name: 'Buscar processos' });
    for (const name of chosen) {
      await search.fill(name);
      await expect(mine.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    }
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await expect(
      page.getByRole('menuitem', { name: 'Processo atribuído a você. Avalie aqui!' }).first(),
    ).toBeVisible();
    await snap('office-technician-bell-1280');
  });

  test('the workload board opens the table filtered to a figure', async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.desktop);
    await page.goto('/');
    await page.getByRole('link', { name: 'Carga de trabalho' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Carga de trabalho' })).toBeVisible();
    const byRegion = page.getByRole('table', { name: 'Por região' });
    await expect(byRegion.getByRole('rowheader', { name: 'Campanha' })).toBeVisible();
    await expectAccessible();
    await snap('workload-1280', page, { fullPage: true });

    const figure = byRegion
      .getByRole('row', { name: /Campanha/ })
      .getByRole('link', { name: /^Em aberto: \d+, Campanha$/ });
    const count = Number((await figure.innerText()).trim());
    await figure.click();
    await expect(page).toHaveURL(/\/process-instances\?safra=.*regiao=Campanha/);
    await expect(page.getByText(`${count} processos`, { exact: true })).toBeVisible();
  });

  test('at 375 px the office lists are cards, and usable', async ({ page, loginAs, snap }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.mobile);
    for (const url of ['/process-instances?regiao=Campanha', '/pendings']) {
      await page.goto(url);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await page
      .getByRole('navigation', { name: 'Paginação' })
      .getByRole('button', { name: 'Página 2' })
      .click();
    await expect(page).toHaveURL(/pagina=2/);
    await snap('office-cards-375');
  });
});
