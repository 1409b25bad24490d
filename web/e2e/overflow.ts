import { expect, type Page } from '@playwright/test';

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
