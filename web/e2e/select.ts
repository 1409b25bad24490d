import type { Locator, Page } from '@playwright/test';

/** Picks an option of a Mantine select in `scope` by the select's label. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
