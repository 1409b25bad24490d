import { appTookOver, breakScripts, dropScripts, holdScripts, watchErrors } from '../early-page';
import { DEMO_PASSWORD, demo, expect, test, TOKEN_KEY, widths } from '../fixtures';

/** The public pages the build prerenders (web/src/prerender.tsx), with their first heading. */
const PAGES = [
  ['/', 'Selos de qualidade para o arroz do Rio Grande do Sul'],
  ['/login', 'Entrar'],
  ['/register', 'Criar conta'],
  ['/verificar', 'Verificar certificado'],
] as const;

test.describe('the prerendered public pages', () => {
  for (const [url, heading] of PAGES) {
    test(`${url} is painted from its HTML, then hydrated as the app renders it`, async ({
      page,
      snap,
    }) => {
      // A phone on a slow link is whom the prerendered screen is for.
      await page.setViewportSize(widths.mobile);
      const errors = watchErrors(page);
      // The seals' answer held too: the prerender has their skeleton.
      const release = await holdScripts(page, '**/api/stamp/all');
      await page.goto(url, { waitUntil: 'commit' });
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      const element = await title.elementHandle();
      // The theme's light colours are there before the app sets its colour scheme (without them
      // the fields were painted borderless, the required marks black). The heading is in the DOM
      // as soon as the HTML is parsed, the stylesheet a moment later: waited for, not raced.
      await expect
        .poll(() =>
          page.evaluate(() =>
            getComputedStyle(document.body).getPropertyValue('--mantine-color-error').trim(),
          ),
        )
        .not.toBe('');
      // The screen as painted before any of the app's code has run, on a phone and a desktop (the
      // app then hydrates it at the desktop's width).
      const name = `prerendered${url === '/' ? '-landing' : url.replace('/', '-')}`;
      await snap(`${name}-375`);
      await page.setViewportSize(widths.desktop);
      await snap(`${name}-1280`);
      await release();
      await appTookOver(page);
      // Hydrated: the same elements, not a client render that replaced them after a mismatch.
      expect(await element!.evaluate((node) => node.isConnected)).toBe(true);
      expect(errors).toEqual([]);
      // (The attributes React's production build does not compare, its ids first: prerender.test.tsx.)
    });
  }

  test('a browser without JavaScript is told to turn it on, and shows no form to send', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    for (const [url, heading] of PAGES) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(/O AgroSelo precisa de JavaScript/);
      // Nothing would hold it: a password sent would travel in the address.
      await expect(page.locator('form')).toHaveCount(url === '/' ? 0 : 1);
      await expect(page.locator('form')).toBeHidden();
    }
    await context.close();
  });

  test('what a visitor types and sends before the app has arrived signs them in', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('E-mail').fill(demo.admin);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByLabel('Lembrar de mim').check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    // Held, not sent to the server as a GET with the password in its address.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toHaveValue(demo.admin);
    await release();
    await expect(page).toHaveURL(/\/process-instances$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Processos em andamento' }),
    ).toBeVisible();
    // "Lembrar de mim" was ticked before the app ran: the session is kept across visits.
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY),
    ).not.toBeNull();
    expect(errors).toEqual([]);
  });

  // The app puts its own empty value back into a field as it attaches to it (react-hook-form's
  // register, the CPF's mask): the keys pressed before and after must all be kept. A replay a task
  // later overwrote those pressed in between, in 6 of 8 tries for each.
  for (const [label, before, after, shown] of [
    ['E-mail', 'ana.', 'souza@example.com', 'ana.souza@example.com'],
    ['CPF', '529', '98224725', '529.982.247-25'],
  ] as const) {
    test(`the ${label} typed into as the app arrives keeps every key`, async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto('/register', { waitUntil: 'commit' });
      const field = page.getByLabel(new RegExp(`^${label}`));
      await field.pressSequentially(before);
      await release();
      // A key every 40 ms while the app takes over.
      await field.pressSequentially(after, { delay: 40 });
      await appTookOver(page);
      await expect(field).toHaveValue(shown);
    });
  }

  test('a button clicked before the app has arrived does its work once it has', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('E-mail').fill('ana@example.com');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await release();
    const dialog = page.getByRole('dialog', { name: /senha/i });
    await expect(dialog).toBeVisible();
  });

  test('a visitor who scrolled before the app has arrived stays where they were', async ({
    page,
  }) => {
    const release = await holdScripts(page, '**/api/stamp/all');
    await page.goto('/', { waitUntil: 'commit' });
    await page
      .getByRole('heading', { level: 2, name: 'Selos de qualidade' })
      .scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await release();
    await appTookOver(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('a link followed before the app has arrived leads to its page', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The next page's answer comes only after this one's code has arrived and run.
    const leave = await holdScripts(page, '**/privacidade');
    await page.getByRole('link', { name: 'Política de Privacidade' }).click({ noWaitAfter: true });
    await release();
    await page.waitForTimeout(1000);
    await leave();
    await expect(page).toHaveURL(/\/privacidade$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
  });

  for (const [failure, fail] of [
    ['whose link drops before the app arrives', dropScripts],
    ["whose browser cannot run the app's code", breakScripts],
  ] as const)
    test(`a visitor ${failure} is told so, and tries again`, async ({ page }) => {
      const { notice, restore } = await fail(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel('E-mail').fill(demo.admin);
      await page.getByLabel('Senha').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(notice).toBeVisible();
      // Still held, not sent to the server as a GET with the password in its address.
      await expect(page).toHaveURL(/\/login$/);
      await restore();
      await notice.getByRole('link', { name: 'Tentar novamente' }).click();
      await appTookOver(page);
      await expect(notice).toHaveCount(0);
      await page.getByLabel('E-mail').fill(demo.admin);
      await page.getByLabel('Senha').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page).toHaveURL(/\/process-instances$/);
    });

  test('a signed-in visitor whose link drops is told so instead of a boot screen for good', async ({
    page,
    loginAs,
    snap,
  }) => {
    await loginAs('owner');
    await page.setViewportSize(widths.mobile);
    const { notice, restore } = await dropScripts(page);
    await page.goto('/profile', { waitUntil: 'commit' });
    await expect(notice).toBeVisible();
    await snap('app-unavailable-375');
    await page.setViewportSize(widths.desktop);
    await snap('app-unavailable-1280');
    await restore();
    await notice.getByRole('link', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('a signed-in visitor gets the boot screen, then their own page, not the visitor one', async ({
    page,
    loginAs,
  }) => {
    await loginAs('admin');
    const errors = watchErrors(page);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#root > .boot')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveCount(0);
    await release();
    await expect(
      page.getByRole('button', { name: 'Menu do usuário: Helena Schneider (Administrador)' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
