import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { bearer, currentSafra, PNG, registerFarm, saoPauloDay, tokenOf } from '../api-steps';
import { expect, test, widths } from '../fixtures';

/** A released seal with no form, open today: its requests can be concluded at once. */
async function sealWithoutForms(request: APIRequestContext, adminToken: string, name: string) {
  const headers = bearer(adminToken);
  const open = { start_date: saoPauloDay(-1), end_date: saoPauloDay(30) };
  const valid = { validity_start: saoPauloDay(-1), validity_end: saoPauloDay(365) };
  const stamp = { stamp_name: name, stamp_description: 'Selo da jornada de privacidade.' };
  const image = { name: 'selo.png', mimeType: 'image/png', buffer: PNG };
  const texts = { notice: 'Edital da jornada de privacidade', description: `Certificação ${name}` };
  const created = await request.post('/api/process/register', {
    headers,
    multipart: { ...texts, ...open, ...valid, ...stamp, safra: currentSafra(), file: image },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const released = await request.put(`/api/process/${id}/release`, {
    headers,
    data: { released: true },
  });
  expect(released.ok(), await released.text()).toBe(true);
  return id;
}

/** The technician opens the seal for the farm and approves it: the farm's certificate number. */
async function certify(request: APIRequestContext, processId: string, farmId: string) {
  const technician = await tokenOf(request, 'technician');
  const opened = await request.post(`/api/process/${processId}/start`, {
    headers: bearer(technician),
    multipart: { business_id: farmId },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const instanceId = ((await opened.json()) as { id: string }).id;
  const concluded = await request.put(`/api/process-instance/${instanceId}/finish`, {
    headers: bearer(technician),
    data: { approved: true, note: 'Aprovado na jornada de privacidade.' },
  });
  expect(concluded.ok(), await concluded.text()).toBe(true);
  return ((await concluded.json()) as { certificate: { number: string } }).certificate.number;
}

// One width walks this flow; its screens are seen at the other width by the journeys around it.
for (const viewport of [widths.mobile]) {
  const px = viewport.width;

  test(`a producer downloads their data and deletes their account; /verificar still shows the certificate (${px} px)`, async ({
    page,
    request,
    signUp,
    signInWith,
    mailbox,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const sealName = `Selo Privacidade ${px}`;
    const processId = await sealWithoutForms(request, await tokenOf(request, 'admin'), sealName);
    const { account, token } = await signUp({
      verify: true,
      account: { firstName: 'Dora', lastName: 'Quintana' },
    });
    const farm = await registerFarm(request, token, {
      business_name: `Granja Privada ${Math.random().toString(36).slice(2, 7)}`,
    });
    const number = await certify(request, processId, farm.id);

    await signInWith(token);
    await page.goto('/profile#privacidade');
    const section = page.getByRole('region', { name: 'Privacidade e dados' });
    await expect(section).toBeVisible();
    await expectAccessible();
    await snap(`privacy-section-${px}`);

    // 'Baixar meus dados': a JSON file with the account and the farm.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meus-dados-agroselo.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      account: { email: string };
      properties: { business_name: string }[];
      requests: { certificate_number: string | null }[];
    };
    expect(data.account.email).toBe(account.email);
    expect(data.properties.map((property) => property.business_name)).toEqual([farm.name]);
    expect(data.requests.map((item) => item.certificate_number)).toEqual([number]);

    // 'Excluir minha conta': what stays, the e-mailed code, then the session ends.
    await section.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
    await expect(dialog).toContainText('os certificados já emitidos');
    await expectAccessible();
    await snap(`privacy-delete-explain-${px}`);
    const since = new Date();
    await dialog.getByRole('button', { name: 'Enviar código' }).click();
    const code = /exclusão da sua conta AgroSelo é: (\d{6})/.exec(
      (await mailbox.waitFor(account.email, since)).text,
    )?.[1];
    expect(code).toBeDefined();
    await dialog.getByRole('textbox', { name: 'Código de confirmação' }).fill(code!);
    await snap(`privacy-delete-code-${px}`);
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(page.getByText('Sua conta foi excluída.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The old e-mail and password open nothing.
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos');

    // The certificate still verifies, without the deleted person's data.
    await page.goto(`/verificar/${number}`);
    await expect(page.getByRole('status', { name: 'Certificado válido' })).toBeVisible();
    const details = page.getByRole('region', { name: sealName });
    await expect(details).toContainText(farm.name);
    await expect(details).not.toContainText('Dora');
    await snap(`privacy-verified-after-deletion-${px}`);
  });
}
