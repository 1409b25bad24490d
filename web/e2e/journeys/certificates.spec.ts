import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bearer,
  brazilian,
  createSeal,
  FORM_NAME,
  fillAndFinishForm,
  registerFarm,
  saoPauloDay,
  tokenOf,
} from '../api-steps';
import { expect, openLanding, switchTo, test, widths } from '../fixtures';

/** The demo's granted seal (server/src/db/seed/demo.ts). */
const DEMO_CERTIFICATE = 'AGS-DEM0-2025';
const NUMBER = /AGS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;

const registerFarmOf = (request: APIRequestContext, token: string) =>
  registerFarm(request, token, {
    business_name: `Granja Capão do Leão ${Math.random().toString(36).slice(2, 7)}`,
    municipality: 'Capão do Leão',
    latitude: -31.7631,
    longitude: -52.4836,
    car_n: 'RS43040078A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6',
    place: 'Passo das Pedras',
  });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// One width walks this flow; its screens are seen at the other width by the journeys around it.
for (const viewport of [widths.mobile]) {
  const px = viewport.width;

  test(`a technician concludes a filled instance; the producer downloads the certificate and a visitor verifies it by the QR code's address (${px} px)`, async ({
    page,
    baseURL,
    request,
    signUp,
    signInWith,
    mailbox,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const sealName = `Arroz Certificado ${px}`;
    const processId = await createSeal(request, await tokenOf(request, 'admin'), sealName);
    const { account, token } = await signUp({
      verify: true,
      account: { firstName: 'Ivone', lastName: 'Prestes' },
    });
    const farm = await registerFarmOf(request, token);

    // The technician opens the process for the farm; the producer is told by e-mail.
    const technicianToken = await tokenOf(request, 'technician');
    const since = new Date();
    const opened = await request.post(`/api/process/${processId}/start`, {
      headers: bearer(technicianToken),
      multipart: { business_id: farm.id },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const instanceId = ((await opened.json()) as { id: string }).id;
    const openedMail = await mailbox.waitFor(account.email, since);
    expect(openedMail.subject).toBe(`Processo aberto: selo ${sealName}`);
    expect(openedMail.text).toContain(`${baseURL}/producer-details/${instanceId}`);

    // Not while the obligatory form is open: the producer fills and finishes it first.
    // The technician, the producer and a visitor take turns in one page (switchTo).
    const tech = page;
    await signInWith(technicianToken);
    await tech.goto(`/producer-details/${instanceId}`);
    const panel = tech.getByRole('region', { name: 'Concluir processo' });
    // The page's first load: its bundle, the instance and the panel's code arrive cold.
    await expect(panel.getByRole('alert')).toContainText(FORM_NAME, { timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    await fillAndFinishForm(request, token, instanceId);
    await tech.reload();

    // The technician concludes it: approval behind a confirmation.
    await expect(panel.getByRole('alert')).toBeHidden();
    await panel
      .getByRole('textbox', { name: 'Parecer' })
      .fill('Lavoura vistoriada: manejo conforme o protocolo do selo.');
    await noHorizontalScroll(tech);
    await expectAccessible(tech);
    await snap(`certificates-conclude-${px}`, tech);
    await panel.getByRole('button', { name: 'Aprovar' }).click();
    const confirm = tech.getByRole('dialog', { name: 'Aprovar o processo?' });
    await expect(confirm).toContainText(`o certificado do selo ${sealName} será emitido`);
    await snap(`certificates-confirm-${px}`, tech);
    const concluded = new Date();
    await confirm.getByRole('button', { name: 'Confirmar aprovação' }).click();
    const outcome = tech.getByRole('region', { name: 'Processo aprovado: selo concedido' });
    await expect(outcome).toBeVisible();
    const number = NUMBER.exec((await outcome.textContent()) ?? '')![0];
    await expect(outcome).toContainText(
      `${brazilian(saoPauloDay(-1))} a ${brazilian(saoPauloDay(365))}`,
    );
    await expect(tech.getByText('Finalizado', { exact: true }).first()).toBeVisible();
    await expect(
      tech
        .getByRole('region', { name: 'Linha do tempo' })
        .getByText(`certificado ${number} emitido`, { exact: false }),
    ).toBeVisible();
    await expect(tech.getByRole('region', { name: 'Concluir processo' })).toBeHidden();

    // The producer's e-mail carries the certificate's verification link.
    const mail = await mailbox.waitFor(account.email, concluded);
    expect(mail.subject).toBe(`Certificado emitido: selo ${sealName}`);
    const verificationUrl = `${baseURL}/verificar/${number}`;
    expect(mail.text).toContain(verificationUrl);
    expect(mail.text).toContain('Lavoura vistoriada: manejo conforme o protocolo do selo.');

    // The producer downloads the PDF from the instance page and finds it on the property too.
    await switchTo(page, token, `/producer-details/${instanceId}`);
    const certificate = page.getByRole('region', { name: 'Processo aprovado: selo concedido' });
    await expect(certificate).toContainText(number);
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`certificates-outcome-${px}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      certificate.getByRole('link', { name: 'Baixar certificado (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`certificado-${number}.pdf`);
    const pdf = (await readFile((await download.path())!)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`(AgroSelo, certificado, ${number})`);
    // The QR code and the link under it point to the public verification page.
    expect(pdf).toContain(`/URI (${verificationUrl})`);

    await page.goto(`/property/${farm.id}`);
    await page.getByRole('button', { name: `${sealName}: Finalizado` }).click();
    await expect(page.getByRole('menuitem', { name: 'Baixar certificado' })).toHaveAttribute(
      'href',
      `/api/certificate/${number}/pdf`,
    );
    await snap(`certificates-property-menu-${px}`);

    // A buyer, with no account, opens the address of the QR code.
    const visitor = page;
    await switchTo(visitor, null, verificationUrl);
    const verdict = visitor.getByRole('status', { name: 'Certificado válido' });
    await expect(verdict).toBeVisible();
    const details = visitor.getByRole('region', { name: sealName });
    await expect(details).toContainText(farm.name);
    await expect(details).toContainText('Capão do Leão');
    await expect(details).toContainText(number);
    await expect(details).not.toContainText(account.email);
    await expect(details).not.toContainText('Ivone');
    await noHorizontalScroll(visitor);
    await expectAccessible(visitor);
    await snap(`certificates-verified-${px}`, visitor);

    // The seal's page lists the farm among its holders.
    await details.getByRole('link', { name: 'Conhecer o selo' }).click();
    const holders = visitor.getByRole('region', { name: 'Propriedades certificadas' });
    await expect(holders.getByRole('listitem').filter({ hasText: farm.name })).toContainText(
      `Válido até ${brazilian(saoPauloDay(365))}`,
    );
    await noHorizontalScroll(visitor);
    await snap(`certificates-seal-holders-${px}`, visitor);
  });
}

for (const viewport of Object.values(widths)) {
  const px = viewport.width;

  test(`a visitor checks the demo certificate by its number, and an unknown one is not found (${px} px)`, async ({
    page,
    snap,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewport);
    await openLanding(page);
    await page.locator('footer').getByRole('link', { name: 'Verificar certificado' }).click();
    await expect(page).toHaveURL('/verificar');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Verificar certificado' }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Número do certificado' }).fill('ags dem0 2025');
    await expectAccessible();
    await snap(`certificates-search-${px}`);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(`/verificar/${DEMO_CERTIFICATE}`);
    await expect(page.getByRole('status', { name: 'Certificado válido' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Arroz Sustentável RS' })).toContainText(
      'Fazenda Lagoa Mirim',
    );
    await expect(page.getByRole('img', { name: 'Selo Arroz Sustentável RS' })).toBeVisible();
    await noHorizontalScroll(page);
    await snap(`certificates-demo-${px}`);

    await page.goto('/verificar/AGS-0000-0000');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Certificado não encontrado' }),
    ).toBeVisible();
    await expectAccessible();
    await snap(`certificates-not-found-${px}`);
  });
}

for (const viewport of [widths.desktop]) {
  const px = viewport.width;

  test(`a seal with levels: the certificate concluded 'Selo Ouro' says so on /verificar and in the holders list (${px} px)`, async ({
    page,
    request,
    signUp,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const sealName = `Arroz Ouro ${px} ${Date.now().toString(36)}`;
    const processId = await createSeal(request, await tokenOf(request, 'admin'), sealName, {
      levels: 'prata,ouro',
      committee: 'false',
    });
    const { token } = await signUp({ verify: true });
    const farm = await registerFarmOf(request, token);
    const technicianToken = await tokenOf(request, 'technician');
    const opened = await request.post(`/api/process/${processId}/start`, {
      headers: bearer(technicianToken),
      multipart: { business_id: farm.id },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const instanceId = ((await opened.json()) as { id: string }).id;
    await fillAndFinishForm(request, token, instanceId);
    // Without a committee the technician concludes, naming the level the process offers.
    const finished = await request.put(`/api/process-instance/${instanceId}/finish`, {
      headers: bearer(technicianToken),
      data: { approved: true, level: 'ouro', note: 'Rastreabilidade completa do lote.' },
    });
    expect(finished.ok(), await finished.text()).toBe(true);
    const { number } = ((await finished.json()) as { certificate: { number: string } }).certificate;

    await page.goto(`/verificar/${number}`);
    await expect(page.getByRole('status', { name: 'Certificado válido' })).toBeVisible();
    const details = page.getByRole('region', { name: sealName });
    await expect(details.getByText('Selo Ouro', { exact: true })).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`certificates-level-${px}`);

    await details.getByRole('link', { name: 'Conhecer o selo' }).click();
    const holder = page
      .getByRole('region', { name: 'Propriedades certificadas' })
      .getByRole('listitem')
      .filter({ hasText: farm.name });
    await expect(holder.getByText('Selo Ouro', { exact: true })).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`certificates-level-holders-${px}`);
  });
}
