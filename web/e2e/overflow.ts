import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Nothing wider than the screen: the document's scrollWidth stays within its clientWidth. Wide
 * tables scroll inside a box of their own (role="region"); the message names what sticks out
 * outside those boxes.
 */
export async function expectNoPageOverflow(page: Page): Promise<void> {
  const { overflow, wider } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => !element.closest('[role="region"]'))
      .filter(
        (element) =>
          element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
      )
      .slice(0, 5)
      .map((element) => `${element.tagName}.${String(element.className)}`),
  }));
  expect(overflow, wider.join(', ')).toBeLessThanOrEqual(0);
}

/**
 * A staff table fits the page's column (the filters' width) beside the side menu, nothing scrolls
 * sideways, and no badge in it is cut short ('AGUARDAND…').
 */
export async function expectTableFits(page: Page, label: string): Promise<void> {
  const table = page.getByRole('table', { name: label });
  const width = async (element: Locator) => (await element.boundingBox())!.width;
  const overflow =
    (await width(table)) - (await width(page.getByRole('form', { name: 'Filtros' })));
  expect(overflow, `the table ${label} runs past the page`).toBeLessThanOrEqual(0);
  const cut = await table
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((badge) => badge.scrollWidth > badge.clientWidth)
        .map((badge) => badge.textContent),
    );
  expect(cut).toEqual([]);
}
