import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  bearer,
  brazilian,
  createSeal,
  FIELD_NAME as FIELD,
  FORM_NAME as FORM,
  PNG,
  registerFarm,
  saoPauloDay,
  tokenOf,
} from '../api-steps';
import { expect, switchTo, test, TOKEN_KEY, widths } from '../fixtures';
import { ok } from '../form-steps';
const NUMBER = /AGS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;

type Viewport = (typeof widths)[keyof typeof widths];

const BROWSER = {
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  serviceWorkers: 'block',
} as const;

/** A browser page of its own, its storage holding `token` as a remembered session. */
async function signedIn(browser: Browser, baseURL: string, viewport: Viewport, token: string) {
  const localStorage = [{ name: TOKEN_KEY, value: token }];
  const storageState = { cookies: [], origins: [{ origin: baseURL, localStorage }] };
  const context = await browser.newContext({ ...BROWSER, baseURL, viewport, storageState });
  return context.newPage();
}

/**
 * A released seal judged by a committee with the levels Prata and Ouro, and one obligatory form
 * of one text field; the admin sets it up through the API as the seals screens would.
 */
async function committeeSeal(request: APIRequestContext, admin: string, name: string) {
  const processId = await createSeal(request, admin, name, {
    notice: 'Edital da jornada de revisão',
    description: `Certificação ${name} — comitê`,
    stamp_description: 'Selo com níveis Prata e Ouro, decidido por comitê.',
    levels: 'prata,ouro',
    committee: 'true',
  });
  const process = await ok<{ levels: string[]; committee: boolean }>(
    await request.get(`/api/process/${processId}`, { headers: bearer(admin) }),
  );
  expect(process).toMatchObject({ levels: ['prata', 'ouro'], committee: true });
  return processId;
}

/** The id of the instance's one form. */
async function formInstanceId(request: APIRequestContext, token: string, instanceId: string) {
  const instance = await ok<{ form_instances: { id: string; name: string }[] }>(
    await request.get(`/api/process-instance/${instanceId}`, { headers: bearer(token) }),
  );
  return instance.form_instances.find((form) => form.name === FORM)!.id;
}

/** The producer writes the form's one field and finishes the form. */
async function finishTheForm(request: APIRequestContext, producer: string, instanceId: string) {
  const headers = bearer(producer);
  const formId = await formInstanceId(request, producer, instanceId);
  const url = `/api/process-instance/${instanceId}/form/${formId}`;
  const form = await ok<{ field_instances: { id: string }[] }>(await request.get(url, { headers }));
  const fields = [{ id: form.field_instances[0]!.id, content: 'IRGA 424' }];
  await ok(await request.put(`${url}/save`, { headers, data: { fields } }));
  await ok(await request.put(`${url}/finish`, { headers, data: {} }));
}

/** Nothing wider than the screen. */
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => innerWidth - document.documentElement.scrollWidth)).toBe(0);

/**
 * Through the API: the admin's committee seal, a new producer's farm, the technician opening the
 * process for it and the producer finishing its form. Both halves of the review cycle start here.
 */
async function finishedInstance(
  request: APIRequestContext,
  signUp: (options: { verify: boolean }) => Promise<{ token: string }>,
  px: number,
) {
  const sealName = `Arroz Comitê ${px} ${Date.now().toString(36)}`;
  const adminToken = await tokenOf(request, 'admin');
  const processId = await committeeSeal(request, adminToken, sealName);
  const { token: producerToken } = await signUp({ verify: true });
  const farm = await registerFarm(request, producerToken, {
    business_name: `Granja Banhado do Colégio ${Math.random().toString(36).slice(2, 7)}`,
    municipality: 'Camaquã',
    latitude: -30.8512,
    longitude: -51.7986,
  });
  const technicianToken = await tokenOf(request, 'technician');
  // The technician opens the process for the farm (it starts at once), the producer finishes
  // its form.
  const { id: instanceId } = await ok<{ id: string }>(
    await request.post(`/api/process/${processId}/start`, {
      headers: bearer(technicianToken),
      multipart: { business_id: farm.id },
    }),
  );
  await finishTheForm(request, producerToken, instanceId);
  return {
    sealName,
    adminToken,
    technicianToken,
    producerToken,
    instanceId,
    instanceUrl: `/producer-details/${instanceId}`,
  };
}

// One width walks this flow; its screens are seen at the other width by the journeys around it.
// The cycle is two journeys that run side by side: the pendência, then (with a pendência opened
// and resolved through the API) the vistoria, the parecer and the committee.
for (const viewport of [widths.mobile]) {
  const px = viewport.width;

  test(`the review cycle: a pendência opened on a field, corrected, answered and resolved (${px} px)`, async ({
    browser,
    baseURL,
    request,
    signUp,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    const { sealName, technicianToken, producerToken, instanceUrl } = await finishedInstance(
      request,
      signUp,
      px,
    );
    const description = 'Informe a cultivar conforme a nota fiscal da semente certificada.';

    // The technician opens a pendência on the finished form's field.
    const tech = await signedIn(browser, baseURL!, viewport, technicianToken);
    await tech.goto(instanceUrl);
    const techPendencies = tech.getByRole('region', { name: 'Pendências' });
    // A new browser's first page: its bundle and the instance arrive cold.
    await expect(techPendencies).toContainText('Nenhuma pendência.', { timeout: 30_000 });
    await techPendencies.getByRole('button', { name: 'Abrir pendência' }).click();
    const dialog = tech.getByRole('dialog', { name: 'Abrir pendência' });
    await dialog.getByRole('textbox', { name: 'Formulário' }).click();
    await tech.getByRole('option', { name: FORM }).click();
    const fieldSelect = dialog.getByRole('textbox', { name: 'Campo (opcional)' });
    await expect(fieldSelect).toBeEnabled();
    await fieldSelect.click();
    await tech.getByRole('option', { name: `${FIELD} (${sealName})` }).click();
    await dialog.getByRole('textbox', { name: 'Descrição' }).fill(description);
    const due = saoPauloDay(10);
    await dialog.getByRole('textbox', { name: 'Prazo' }).fill(brazilian(due));
    await dialog.getByRole('textbox', { name: 'Prazo' }).press('Tab');
    await expectAccessible(tech);
    await snap(`review-open-pendency-${px}`, tech);
    await dialog.getByRole('button', { name: 'Abrir pendência' }).click();
    await expect(dialog).toBeHidden();
    const techItem = techPendencies.getByRole('listitem', {
      name: `${FORM} — ${FIELD} (${sealName})`,
    });
    await expect(techItem).toContainText('Aberta');
    await expect(techItem).toContainText(`Prazo: ${brazilian(due)}`);
    await expect(techPendencies).toContainText('Abertas: 1');

    // The producer sees it beside the field, corrects the field and answers (in the same browser,
    // signed in as him: each of the two loads the instance page in turn).
    const producer = tech;
    await switchTo(producer, producerToken, instanceUrl);
    const ownPendencies = producer.getByRole('region', { name: 'Pendências' });
    const ownItem = ownPendencies.getByRole('listitem', {
      name: `${FORM} — ${FIELD} (${sealName})`,
    });
    await expect(ownItem).toContainText(description, { timeout: 30_000 });
    await ownItem.getByRole('link', { name: 'Corrigir no formulário' }).click();
    await expect(producer.getByRole('heading', { level: 1, name: FORM })).toBeVisible();
    await expect(producer.getByText(`Pendência: ${description}`)).toBeVisible();
    await snap(`review-field-pendency-${px}`, producer);
    const field = producer.getByRole('textbox', { name: `${FIELD} (${sealName})` });
    await expect(field).toBeEditable();
    await field.fill('IRGA 424 RI');
    await producer.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      producer.getByRole('alert').filter({ hasText: 'Alterações salvas' }).last(),
    ).toBeVisible();
    await producer.goto(instanceUrl);
    await ownItem.getByRole('button', { name: 'Responder' }).click();
    await ownItem
      .getByRole('textbox', { name: 'Resposta' })
      .fill('Corrigi a cultivar conforme a nota fiscal.');
    await snap(`review-answer-${px}`, producer);
    await ownItem.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(ownItem).toContainText('Respondida');
    await expect(ownItem).toContainText('Corrigi a cultivar conforme a nota fiscal.');

    // The technician resolves it.
    await switchTo(tech, technicianToken, instanceUrl);
    // Each turn is a whole load of the instance page, on a machine the other worker keeps busy.
    await expect(techItem).toContainText('Respondida', { timeout: 30_000 });
    await techItem.getByRole('button', { name: 'Resolver' }).click();
    await expect(techItem).toContainText('Resolvida');
    await expect(techPendencies).toContainText('Resolvidas: 1');

    // The producer's timeline tells it.
    await switchTo(producer, producerToken, instanceUrl);
    await expect(producer.getByRole('region', { name: 'Linha do tempo' })).toContainText(
      'Pendência aberta por',
      { timeout: 30_000 },
    );
    await tech.context().close();
  });

  test(`the review cycle: a vistoria, the parecer técnico and the committee grant Selo Ouro (${px} px)`, async ({
    browser,
    baseURL,
    request,
    signUp,
    snap,
    expectAccessible,
  }) => {
    // Three people, a vistoria with resumable photo uploads, the committee.
    test.setTimeout(240_000);
    const { adminToken, technicianToken, producerToken, instanceId, instanceUrl } =
      await finishedInstance(request, signUp, px);
    // A pendência already through its cycle (the journey above walks it), as the timeline shows.
    const pendency = await ok<{ id: string }>(
      await request.post(`/api/process-instance/${instanceId}/pendencies`, {
        headers: bearer(technicianToken),
        data: {
          form_instance_id: await formInstanceId(request, producerToken, instanceId),
          description: 'Confira a cultivar na nota fiscal.',
          due_date: saoPauloDay(10),
        },
      }),
    );
    await ok(
      await request.put(`/api/pendency/${pendency.id}/resolve`, {
        headers: bearer(technicianToken),
        data: {},
      }),
    );

    // A vistoria with a photo chosen from a file.
    const tech = await signedIn(browser, baseURL!, viewport, technicianToken);
    await tech.goto(instanceUrl);
    await expect(tech.getByRole('region', { name: 'Pendências' })).toContainText('Resolvidas: 1', {
      timeout: 30_000,
    });
    const inspections = tech.getByRole('region', { name: 'Vistoria' });
    await inspections.getByRole('button', { name: 'Registrar vistoria' }).click();
    const visit = tech.getByRole('dialog', { name: 'Registrar vistoria' });
    await visit.getByRole('textbox', { name: 'Latitude' }).fill('-30,8512');
    await visit.getByRole('textbox', { name: 'Longitude' }).fill('-51,7986');
    await visit
      .getByRole('textbox', { name: 'Resumo' })
      .fill('Taipas em bom estado; lote da semente conferido no galpão.');
    const photo = { name: 'galpao.png', mimeType: 'image/png', buffer: PNG };
    await visit.getByLabel('Escolher fotos').setInputFiles(photo);
    await expect(visit.getByRole('img', { name: 'Foto 1: galpao.png' })).toBeVisible();
    await expectAccessible(tech);
    await snap(`review-inspection-dialog-${px}`, tech);
    await visit.getByRole('button', { name: 'Registrar vistoria' }).click();
    await expect(visit).toBeHidden();
    const today = brazilian(saoPauloDay());
    await expect(inspections).toContainText(`Vistoria de ${today}`);
    await expect(inspections).toContainText('Posição: -30,8512, -51,7986');
    await inspections
      .getByRole('button', { name: `Ampliar: Foto 1 da vistoria de ${today}` })
      .click();
    const large = tech.getByRole('dialog', { name: `Foto 1 da vistoria de ${today}` });
    await expect(large.getByRole('img', { name: `Foto 1 da vistoria de ${today}` })).toBeVisible();
    await large.getByRole('button').first().click();
    await expect(large).toBeHidden();

    // The parecer técnico: Aprovar Ouro.
    const recommend = tech.getByRole('region', { name: 'Parecer técnico' });
    await recommend.getByRole('radio', { name: 'Aprovar Ouro' }).check();
    await recommend
      .getByRole('textbox', { name: 'Justificativa' })
      .fill('Rastreabilidade completa e vistoria sem ressalvas.');
    await recommend.getByRole('button', { name: 'Registrar parecer' }).click();
    await expect(recommend.getByRole('button', { name: 'Substituir parecer' })).toBeVisible();
    await expect(
      tech.getByRole('region', { name: 'Linha do tempo' }).getByText(/Parecer técnico de/),
    ).toBeVisible();
    await fitsTheScreen(tech);
    await expectAccessible(tech);
    await snap(`review-technician-${px}`, tech);

    // The admin decides for the committee, with Ouro (in the same browser, signed in as her).
    const admin = tech;
    await switchTo(admin, adminToken, instanceUrl);
    const decision = admin.getByRole('region', { name: 'Decisão do comitê' });
    // A whole load of the instance page, on a machine the other worker keeps busy.
    await expect(decision).toContainText('Aprovar Ouro', { timeout: 30_000 });
    await expect(decision.getByRole('radio', { name: 'Ouro' })).toBeChecked();
    await decision
      .getByRole('textbox', { name: 'Parecer' })
      .fill('Comitê aprova o nível Ouro conforme o parecer técnico.');
    await fitsTheScreen(admin);
    await expectAccessible(admin);
    await snap(`review-committee-${px}`, admin);
    await decision.getByRole('button', { name: 'Aprovar' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Aprovar o processo?' });
    await expect(confirm).toContainText('Selo Ouro');
    await confirm.getByRole('button', { name: 'Confirmar aprovação' }).click();
    const outcome = admin.getByRole('region', { name: 'Processo aprovado: selo concedido' });
    await expect(outcome).toContainText('Selo Ouro');
    const number = NUMBER.exec((await outcome.textContent()) ?? '')![0];
    await snap(`review-outcome-${px}`, admin);

    // The certificate page says Selo Ouro.
    await admin.goto(`/verificar/${number}`);
    await expect(admin.getByRole('status', { name: 'Certificado válido' })).toBeVisible();
    await expect(admin.getByText('Selo Ouro').first()).toBeVisible();
    await fitsTheScreen(admin);
    await snap(`review-certificate-${px}`, admin);

    // Everything on the producer's timeline.
    const producer = tech;
    await switchTo(producer, producerToken, instanceUrl);
    const timeline = producer.getByRole('region', { name: 'Linha do tempo' });
    await expect(timeline).toContainText('Pendência aberta por', { timeout: 30_000 });
    await expect(timeline).toContainText('Vistoria de');
    await fitsTheScreen(producer);
    await snap(`review-producer-${px}`, producer);
    await tech.context().close();
  });
}
