import type { APIRequestContext } from '@playwright/test';
import { demoProducerPages } from '../demo-pages';
import { appTookOver, carrySessionCookie, holdScripts, watchErrors } from '../early-page';
import { SESSION_COOKIE, TIME_ZONE_COOKIE } from '@agroselo/contracts';
import { expect, test, tokenOf, widths } from '../fixtures';

/** The demo producer's pages, as [label, path]. */
async function producerPages(request: APIRequestContext, token: string) {
  const pages = await demoProducerPages(async <T>(url: string) => {
    const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.ok(), url).toBe(true);
    return (await response.json()) as T;
  });
  return Object.entries(pages);
}

test.describe('the signed-in pages rendered by the server', () => {
  test("a producer's pages are painted with their data before the app's code arrives, then hydrated", async ({
    page,
    request,
    baseURL,
    loginAs,
    snap,
  }) => {
    const token = await loginAs('owner');
    await carrySessionCookie(page, baseURL!, token);
    await page.setViewportSize(widths.mobile);
    const errors = watchErrors(page);
    for (const [label, path] of await producerPages(request, token)) {
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(page.locator('#root > .boot')).toHaveCount(0);
      if (label === 'profile') await expect(heading).toHaveText('Sérgio Antunes Rodrigues');
      await snap(`signed-in-${label}-before-code-375`);
      await page.setViewportSize(widths.desktop);
      await snap(`signed-in-${label}-before-code-1280`);
      await page.setViewportSize(widths.mobile);
      // Hydrated, not rendered anew: the element painted from the HTML is the app's.
      await heading.evaluate((element) => element.setAttribute('data-painted-by-server', ''));
      await release();
      await appTookOver(page);
      await expect(heading).toHaveAttribute('data-painted-by-server', '');
      // The app answers on it: the user menu opens.
      await page
        .getByRole('button', { name: /^Menu do usuário: Sérgio Antunes Rodrigues/ })
        .click();
      await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
  });

  /** The staff's side menus, each painted from the HTML with its data, not a loading state. */
  const STAFF_PAGES = {
    technician: ['/process-instances', '/pendings', '/properties', '/reports'],
    admin: ['/users', '/stamps', '/workload', '/process-instances'],
  } as const;
  for (const [role, paths] of Object.entries(STAFF_PAGES) as [
    keyof typeof STAFF_PAGES,
    readonly string[],
  ][])
    test(`the ${role}'s pages are painted with their data before the app's code arrives, then hydrated`, async ({
      page,
      baseURL,
      loginAs,
      snap,
    }) => {
      const token = await loginAs(role);
      await carrySessionCookie(page, baseURL!, token);
      await page.setViewportSize(widths.mobile);
      const errors = watchErrors(page);
      for (const path of paths) {
        const release = await holdScripts(page);
        await page.goto(path, { waitUntil: 'commit' });
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        await expect(page.locator('#root > .boot')).toHaveCount(0);
        // The list, report or board itself, not its skeleton.
        await expect(page.getByText(/^Carregando/)).toHaveCount(0);
        await snap(`signed-in-${role}${path.replace(/\//g, '-')}-before-code-375`);
        await heading.evaluate((element) => element.setAttribute('data-painted-by-server', ''));
        await release();
        await appTookOver(page);
        await expect(heading).toHaveAttribute('data-painted-by-server', '');
      }
      // On a wide screen the office's table replaces the phone's cards once the app runs.
      await page.setViewportSize(widths.desktop);
      await page.goto('/process-instances');
      await appTookOver(page);
      await expect(page.getByRole('table')).toBeVisible();
      expect(errors).toEqual([]);
    });

  test("a page rendered for another session than this tab's is not shown: the tab's own is", async ({
    page,
    request,
    baseURL,
    loginAs,
  }) => {
    // The browser's cookie is the producer's; this tab's stored session, the admin's.
    const producerToken = await tokenOf(request, 'owner');
    await loginAs('admin');
    await carrySessionCookie(page, baseURL!, producerToken);
    const errors = watchErrors(page);
    const release = await holdScripts(page);
    const response = await page.goto('/profile', { waitUntil: 'commit' });
    expect(await response!.text()).toContain('Sérgio Antunes Rodrigues');
    await expect(page.locator('#root > .boot')).toBeVisible();
    await expect(page.getByText('Sérgio Antunes Rodrigues')).toHaveCount(0);
    await release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helena Schneider');
    expect(errors).toEqual([]);
  });

  test("another producer's page, hostile addresses and cookies: a page without their data, never a server error", async ({
    request,
  }) => {
    const token = await tokenOf(request, 'owner');
    const otherToken = await tokenOf(request, 'secondOwner');
    const [others] = (await (
      await request.get('/api/property/all', { headers: { authorization: `Bearer ${otherToken}` } })
    ).json()) as { id: string; business_name: string }[];
    const page = (path: string, cookie: string) => request.get(path, { headers: { cookie } });

    // Rendered for the cookie's account: Marta's property is not the producer's to read.
    const foreign = await page(`/property/${others!.id}`, `${SESSION_COOKIE}=${token}`);
    expect(foreign.status()).toBe(200);
    const html = await foreign.text();
    expect(html).not.toContain(others!.business_name);
    expect(html).toContain('data-account=');

    const cookies = [
      `${SESSION_COOKIE}=${token}`,
      `${SESSION_COOKIE}=garbage`,
      `${SESSION_COOKIE}=a.b.c`,
      `${SESSION_COOKIE}=${'a'.repeat(5000)}.b.c`,
      `${SESSION_COOKIE}=${token}; ${TIME_ZONE_COOKIE}=%E0%A4%A`,
      `${SESSION_COOKIE}=${token}; ${TIME_ZONE_COOKIE}=Mars%2FOlympus`,
      `${SESSION_COOKIE}=${token}%00`,
    ];
    const paths = [
      '/profile',
      '/property/..%2F..%2Fapi%2Fuser%2Fall',
      '/property/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/property/x%3Flimit%3D100000',
      `/property/${'a'.repeat(3000)}`,
      '/producer-details/%25',
      '/producer-details/x/form-instance/%00',
    ];
    for (const cookie of cookies)
      for (const path of paths) {
        const response = await page(path, cookie);
        expect(response.status(), `${path} with ${cookie.slice(0, 40)}`).toBeLessThan(500);
        // An address the server refuses as such (a 400, a 404) is answered so, not with a page.
        if (response.status() === 200) expect(await response.text()).toContain('<div id="root"');
      }
  });
});
