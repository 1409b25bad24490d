import { expect, openLanding, test, widths } from '../fixtures';

test.describe('landing page as a visitor', () => {
  test('shows the header, the demo seals and the way to register on a large screen', async ({
    page,
    snap,
    expectAccessible,
  }) => {
    await page.setViewportSize(widths.desktop);
    await page.goto('/');

    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBe(80);
    await expect(header.getByRole('link', { name: /AgroSelo/ }).first()).toBeVisible();
    // The header's institutional links (a demo seal's name has IRGA in it too).
    await expect(header.getByRole('link', { name: /UFPel/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'IRGA', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();

    // Journeys share one server: seals other journeys release may be listed too. The demo's
    // Arroz Sustentável RS is open for this safra and the next one: a card for each.
    const seasons = { 'Arroz Sustentável RS': 2, 'Arroz de Qualidade Superior': 1 };
    for (const [seal, cards] of Object.entries(seasons))
      await expect(page.getByRole('link', { name: `Solicitar ${seal}` })).toHaveCount(cards);
    const requests = page.getByRole('link', { name: /^Solicitar / });
    for (const link of await requests.all()) {
      await expect(link).toHaveAttribute('href', /^\/request-process\/[0-9a-f-]{36}$/);
    }
    const images = page.locator(
      'img[alt="Selo Arroz Sustentável RS"], img[alt="Selo Arroz de Qualidade Superior"]',
    );
    await expect(images).toHaveCount(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }

    await expect(page.getByRole('heading', { name: /O que fazemos/i })).toBeVisible();
    await expect(
      page.getByText(
        '© 2023 AgroSelo — Universidade Federal de Pelotas. Todos os direitos reservados.',
      ),
    ).toBeVisible();
    await expectAccessible();
    await snap('landing-1280', page, { fullPage: true });
  });

  test('hides the institutional links on a phone and keeps the seals readable', async ({
    page,
    snap,
  }) => {
    await page.setViewportSize(widths.mobile);
    await page.goto('/');
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBe(80);
    await expect(page.getByRole('link', { name: /^Solicitar / }).first()).toBeVisible();
    await expect(header.getByRole('link', { name: /UFPel/ })).toBeHidden();
    await expect(header.getByRole('link', { name: 'IRGA', exact: true })).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('landing-375', page, { fullPage: true });
  });

  test('leads to real privacy and terms pages', async ({ page, snap }) => {
    await openLanding(page);
    await page.getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page).toHaveURL(/\/privacidade$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
    await expect(page.getByText(/13\.709/).first()).toBeVisible();
    await snap('privacy-1280');

    await openLanding(page);
    await page.getByRole('link', { name: 'Termos de Uso' }).click();
    await expect(page).toHaveURL(/\/termos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    await page.setViewportSize(widths.mobile);
    await snap('terms-375');
  });

  test('answers an unknown address with the pt-BR not-found page', async ({ page }) => {
    const response = await page.goto('/nao-existe/mesmo');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
