import type { Page } from '@playwright/test';
import { expect, test, widths } from '../fixtures';

/** Collects every CSP violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test.describe('the product under its Content-Security-Policy', () => {
  // The documentation is a staff tool; its scripts and styles are the same at any width.
  for (const [label, size] of [['desktop', widths.desktop]] as const) {
    test(`the API documentation renders with no CSP violation (${label})`, async ({
      page,
      snap,
    }) => {
      await page.setViewportSize(size);
      const violations = await watchCsp(page);
      const response = await page.goto('/docs');
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");

      // Swagger UI builds the whole document (every route of the API) before its heading shows:
      // on a busy CI machine that took more than the default 10 s once.
      await expect(page.getByRole('heading', { name: /AgroSelo API/ })).toBeVisible({
        timeout: 30_000,
      });
      const token = page.locator('.opblock-summary-path', { hasText: '/api/auth/token' });
      await expect(token.first()).toBeVisible();
      // Opening an operation runs the UI's scripts and styles further.
      await token.first().click();
      await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
      expect(await violations()).toEqual([]);
      await snap(`docs-${size.width}`);
    });
  }

  test('the web app loads its pages with no CSP violation', async ({ page, loginAs }) => {
    const violations = await watchCsp(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: /^Solicitar / }).first()).toBeVisible();
    await loginAs('admin');
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('no page of the product can be framed by another', async ({ request }) => {
    for (const url of ['/', '/docs', '/api/stamp/all', '/nao-existe']) {
      const response = await request.get(url);
      expect(response.headers()['content-security-policy'], url).toContain(
        "frame-ancestors 'none'",
      );
      expect(response.headers()['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
