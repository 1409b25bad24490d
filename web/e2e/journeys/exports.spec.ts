import { readFile } from 'node:fs/promises';
import { expect, test, widths } from '../fixtures';

/** A demo farm (server/src/db/seed/demo.ts). */
const DEMO_FARM = 'Fazenda Lagoa Mirim';

// One width walks this flow; its screens are seen at the other width by the journeys around it.
for (const viewport of [widths.desktop]) {
  test(`an admin exports the searched properties as CSV (${viewport.width} px)`, async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewport);
    await loginAs('admin');
    await page.goto('/properties?busca=lagoa');
    await expect(page.getByRole('link', { name: `Detalhes de ${DEMO_FARM}` })).toBeVisible();

    await expectAccessible();
    await page.getByRole('button', { name: 'Exportar' }).click();
    const csv = page.getByRole('menuitem', { name: 'CSV' });
    await expect(page.getByRole('menuitem', { name: 'Excel' })).toBeVisible();
    await snap(`exports-menu-${viewport.width}`);
    const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);

    expect(download.suggestedFilename()).toMatch(/^propriedades-\d{2}-\d{2}-\d{4}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(header!.split(';').slice(0, 4)).toEqual([
      'Propriedade',
      'Denominação',
      'CNPJ',
      'Município',
    ]);
    // The list's search holds: only the farm it found.
    expect(rows).toHaveLength(1);
    expect(rows[0]!.split(';')[0]).toBe(DEMO_FARM);
    expect(rows[0]).toMatch(/;-\d+,\d+;-\d+,\d+;/);
  });
}
