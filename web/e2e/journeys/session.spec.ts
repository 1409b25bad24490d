import type { Page } from '@playwright/test';
import { SESSION_COOKIE } from '@agroselo/contracts';
import { DEMO_PASSWORD, TOKEN_KEY, demo, expect, test } from '../fixtures';

const stored = (page: Page) =>
  page.evaluate(
    (key) => ({
      local: window.localStorage.getItem(key),
      session: window.sessionStorage.getItem(key),
    }),
    TOKEN_KEY,
  );

async function logIn(page: Page, remember: boolean) {
  await page.goto('/login');
  await page.getByLabel(/^E-mail/).fill(demo.owner);
  await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
  if (remember) await page.getByRole('checkbox', { name: 'Lembrar de mim' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

const userMenu = (page: Page) => page.getByRole('button', { name: /^Menu do usuário/ });

/** The session cookie the app writes beside the token (web/src/api/session-cookie.ts). */
const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);

/** Whether the page's HTML came with its first screen rendered for the session. */
const renderedByServer = async (page: Page) =>
  (await page.locator('#agroselo-answers').count()) === 1;

test.describe('session', () => {
  test("'Lembrar de mim' keeps the token in localStorage only, across reloads", async ({
    page,
  }) => {
    await logIn(page, true);
    const { local, session } = await stored(page);
    expect(local).toMatch(/^ey/);
    expect(session).toBeNull();

    // A cookie that outlives the browser's session, as the token does.
    const cookie = await sessionCookie(page);
    expect(cookie?.value).toBe(local);
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
    expect(cookie?.sameSite).toBe('Lax');

    await page.reload();
    await expect(userMenu(page)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await stored(page)).local).toBe(local);
    expect(await renderedByServer(page)).toBe(true);
  });

  test('without it the token stays in sessionStorage only, and a reload keeps the session', async ({
    page,
  }) => {
    await logIn(page, false);
    const { local, session } = await stored(page);
    expect(session).toMatch(/^ey/);
    expect(local).toBeNull();

    // Ends with the browser's session, as the token does.
    const cookie = await sessionCookie(page);
    expect(cookie?.value).toBe(session);
    expect(cookie?.expires).toBe(-1);

    await page.reload();
    await expect(userMenu(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Informações pessoais' })).toBeVisible();
    expect((await stored(page)).session).toBe(session);
    expect(await renderedByServer(page)).toBe(true);
  });

  test("'Sair' in the user menu ends the session and goes home", async ({ page }) => {
    await logIn(page, true);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
    expect(await stored(page)).toEqual({ local: null, session: null });
    expect(await sessionCookie(page)).toBeUndefined();

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    expect(await renderedByServer(page)).toBe(false);
    await page.goto('/');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  });
});
