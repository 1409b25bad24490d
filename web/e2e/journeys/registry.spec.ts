import type { APIRequestContext } from '@playwright/test';
import { bearer, tokenOf } from '../api-steps';
import { expect, openLanding, test, widths } from '../fixtures';
import { expectNoPageOverflow } from '../overflow';

/** The demo's certified farm, of the second producer (server/src/db/seed/demo.ts). */
const FARM = 'Fazenda Lagoa Mirim';
const MUNICIPALITY = 'Santa Vitória do Palmar';
const NUMBER = 'AGS-DEM0-2025';

/** The farm's certified request, with the consent it holds now. */
async function certifiedRequest(request: APIRequestContext, token: string) {
  const response = await request.get('/api/auth/publication-consents', { headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  const consents = (await response.json()) as {
    process_instance_id: string;
    certificate_number: string | null;
  }[];
  const found = consents.find((item) => item.certificate_number === NUMBER);
  expect(found, JSON.stringify(consents)).toBeDefined();
  return found!.process_instance_id;
}

const setConsent = async (request: APIRequestContext, token: string, consent: boolean) => {
  const id = await certifiedRequest(request, token);
  const saved = await request.put(`/api/process-instance/${id}/publish-consent`, {
    headers: bearer(token),
    data: { consent },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
};

// Both journeys read (and the first one changes) the demo farm's consent: one after the other.
test.describe.configure({ mode: 'serial' });

// The flow at one width; its screens at the other in the layout check after it.
for (const viewport of [widths.desktop]) {
  const px = viewport.width;

  test(`a buyer finds the certified farm by municipality; its producer withdraws consent and it leaves the registry (${px} px)`, async ({
    page,
    request,
    signInWith,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const token = await tokenOf(request, 'secondOwner');
    await setConsent(request, token, true);

    // From the footer of the landing page.
    await openLanding(page);
    await page.getByRole('link', { name: 'Certificados', exact: true }).click();
    await expect(page).toHaveURL(/\/certificados$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Certificados emitidos' }),
    ).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Buscar certificados' });
    await search.fill(MUNICIPALITY);
    await search.press('Enter');
    const results = page.getByRole('list', { name: 'Certificados emitidos' });
    const farm = results.getByRole('link', { name: FARM });
    await expect(farm).toBeVisible();
    await expect(results.getByText(`Certificado ${NUMBER}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Baixar CSV' })).toHaveAttribute(
      'href',
      /\/api\/registry\.csv\?query=Santa/,
    );
    await expectAccessible();
    await snap(`registry-${px}`);
    await expectNoPageOverflow(page);

    await farm.click();
    await expect(page).toHaveURL(new RegExp(`/verificar/${NUMBER}$`));
    await expect(page.getByText(FARM).first()).toBeVisible();

    // The producer withdraws consent on her profile.
    await signInWith(token);
    await page.goto('/profile#privacidade');
    const section = page.getByRole('region', { name: 'Privacidade e dados' });
    const item = section.getByRole('listitem').filter({ hasText: NUMBER });
    const toggle = item.getByRole('switch', { name: 'Aparecer no registro público' });
    // A whole load signed in: the session, the profile and its consents.
    await expect(toggle).toBeChecked({ timeout: 30_000 });
    await expectAccessible();
    await snap(`registry-consent-${px}`);
    await expectNoPageOverflow(page);
    await toggle.click({ force: true });
    await expect(
      page.getByText('Pronto: esta propriedade não aparece mais no registro público.'),
    ).toBeVisible();
    await expect(toggle).not.toBeChecked();

    await page.goto(`/certificados?busca=${encodeURIComponent(MUNICIPALITY)}`);
    await expect(page.getByText(/certificados? encontrados?|Nenhum certificado/)).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Certificados emitidos' }).getByRole('link', { name: FARM }),
    ).toHaveCount(0);
    await snap(`registry-withdrawn-${px}`);
    await expectNoPageOverflow(page);

    // Back as the demo has it, for whoever comes next.
    await setConsent(request, token, true);
  });
}

test('the registry and the consent switch fit a phone (375 px)', async ({
  page,
  request,
  signInWith,
  snap,
}) => {
  await page.setViewportSize(widths.mobile);
  const token = await tokenOf(request, 'secondOwner');
  await setConsent(request, token, true);

  await page.goto(`/certificados?busca=${encodeURIComponent(MUNICIPALITY)}`);
  const results = page.getByRole('list', { name: 'Certificados emitidos' });
  await expect(results.getByText(`Certificado ${NUMBER}`)).toBeVisible();
  await snap('registry-375');
  await expectNoPageOverflow(page);

  await signInWith(token);
  await page.goto('/profile#privacidade');
  const item = page
    .getByRole('region', { name: 'Privacidade e dados' })
    .getByRole('listitem')
    .filter({ hasText: NUMBER });
  await expect(item.getByRole('switch', { name: 'Aparecer no registro público' })).toBeChecked({
    timeout: 30_000,
  });
  // The page scrolls to the section once the profile has loaded: the shot shows the switch.
  await item.scrollIntoViewIfNeeded();
  await snap('registry-consent-375');
  await expectNoPageOverflow(page);
});
