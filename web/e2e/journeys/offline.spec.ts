import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
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
import { expect, test, TOKEN_KEY, widths } from '../fixtures';
import { ok } from '../form-steps';

// Issue 42: no signal at the farm. Each journey has its own browser context with the service
// worker allowed (the other journeys block it), at 375 px, the network really off when it says so.
const viewport = widths.mobile;

/** A browser context of its own, its storage holding `token` as a remembered session. */
async function phone(browser: Browser, baseURL: string, token: string) {
  const localStorage = [{ name: TOKEN_KEY, value: token }];
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage }] },
  });
  return { context, page: await context.newPage() };
}

/** Once the service worker has precached the app and controls the page: it then opens offline. */
async function offlineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  });
}

/**
 * `url` opened online until its instance is kept on the device (by the page itself for a
 * producer, or with `keep`, the button) and the app opens offline.
 */
async function keptOnline(page: Page, url: string, { keep = false } = {}) {
  await page.goto(url);
  if (keep) await page.getByRole('button', { name: 'Disponível sem conexão' }).click();
  await expect(page.getByText(/^Disponível sem conexão · /)).toBeVisible({ timeout: 30_000 });
  await offlineReady(page);
}

/**
 * The outbox's button, named by what waits ('2 aguardando envio'): on a phone, the strip under
 * the header.
 */
const outboxButton = (page: Page) => page.getByRole('button', { name: /aguardando envio|precisa/ });

/** A page opened afresh in `context` at `url`, as after closing the app and opening it again. */
async function reopen(context: BrowserContext, old: Page, url: string) {
  await old.close();
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/**
 * Through the API: the journey's seal, a new producer's farm in Camaquã, and the demo technician
 * opening the process for it (assigned to him and started at once).
 */
async function startedInstance(
  request: APIRequestContext,
  signUp: (options: { verify: boolean }) => Promise<{ token: string }>,
  tag: string,
) {
  const sealName = `Arroz Sem Sinal ${tag} ${Date.now().toString(36)}`;
  const admin = await tokenOf(request, 'admin');
  const processId = await createSeal(request, admin, sealName);
  const { token: producer } = await signUp({ verify: true });
  const farm = await registerFarm(request, producer, {
    business_name: `Granja Sem Sinal ${Math.random().toString(36).slice(2, 7)}`,
    municipality: 'Camaquã',
    latitude: -30.8512,
    longitude: -51.7986,
  });
  const technician = await tokenOf(request, 'technician');
  const { id: instanceId } = await ok<{ id: string }>(
    await request.post(`/api/process/${processId}/start`, {
      headers: bearer(technician),
      multipart: { business_id: farm.id },
    }),
  );
  const instance = await ok<{ form_instances: { id: string; name: string }[] }>(
    await request.get(`/api/process-instance/${instanceId}`, { headers: bearer(producer) }),
  );
  const formId = instance.form_instances.find((form) => form.name === FORM)!.id;
  const formUrl = `/api/process-instance/${instanceId}/form/${formId}`;
  const form = await ok<{ field_instances: { id: string }[] }>(
    await request.get(formUrl, { headers: bearer(producer) }),
  );
  return {
    sealName,
    admin,
    producer,
    technician,
    farm,
    instanceId,
    formId,
    formUrl,
    fieldId: form.field_instances[0]!.id,
    instanceUrl: `/producer-details/${instanceId}`,
  };
}

type Started = Awaited<ReturnType<typeof startedInstance>>;

/** The producer fills and finishes the form; the technician opens a pendência on its field. */
async function pendencyOnFinishedForm(request: APIRequestContext, started: Started) {
  const headers = bearer(started.producer);
  const fields = [{ id: started.fieldId, content: 'IRGA 417' }];
  await ok(await request.put(`${started.formUrl}/save`, { headers, data: { fields } }));
  await ok(await request.put(`${started.formUrl}/finish`, { headers, data: {} }));
  return ok<{ id: string; status: string }>(
    await request.post(`/api/process-instance/${started.instanceId}/pendencies`, {
      headers: bearer(started.technician),
      data: {
        form_instance_id: started.formId,
        field_instance_id: started.fieldId,
        description: 'Informe a cultivar conforme a nota fiscal da semente certificada.',
        due_date: saoPauloDay(10),
      },
    }),
  );
}

const pendenciesOf = (request: APIRequestContext, started: Started) =>
  request
    .get(`/api/process-instance/${started.instanceId}/pendencies`, {
      headers: bearer(started.technician),
    })
    .then((response) => ok<{ id: string; description: string; status: string }[]>(response));

test.describe('no signal at the farm', () => {
  test.describe.configure({ mode: 'parallel' });

  test('a field day: kept on Pendentes, a vistoria and a pendência offline, sent when back', async ({
    browser,
    baseURL,
    request,
    signUp,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    const started = await startedInstance(request, signUp, 'campo');
    const label = `${started.sealName} — ${started.farm.name}`;
    const { context, page: first } = await phone(browser, baseURL!, started.technician);

    // Online, on Pendentes: the field day's instance kept on the device.
    await first.goto('/pendings');
    const fieldDay = first.getByRole('region', { name: 'Dia de campo: disponível sem conexão' });
    await fieldDay.getByRole('button', { name: 'Escolher processos' }).click();
    await fieldDay.getByRole('checkbox', { name: new RegExp(started.farm.name) }).check();
    await fieldDay.getByRole('button', { name: 'Disponível sem conexão' }).click();
    await expect(fieldDay.getByRole('link', { name: label })).toBeVisible({ timeout: 30_000 });
    await expect(fieldDay).toContainText(/Guardados neste aparelho \([\d,]+ (KB|MB)\)/);
    await expectAccessible(first);
    await snap('offline-field-day-375', first);
    await offlineReady(first);

    // No signal: the app closed and opened again at the instance's address.
    await context.setOffline(true);
    const page = await reopen(context, first, started.instanceUrl);
    await expect(page.getByRole('heading', { level: 1, name: started.sealName })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: /^Sem conexão — dados de/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(FORM) })).toBeVisible();
    const pendencies = page.getByRole('region', { name: 'Pendências' });
    await expect(pendencies).toContainText('Nenhuma pendência.');

    // The vistoria: the position typed, a photo from a file.
    await page
      .getByRole('region', { name: 'Vistoria' })
      .getByRole('button', { name: 'Registrar vistoria' })
      .click();
    const visit = page.getByRole('dialog', { name: 'Registrar vistoria' });
    await visit.getByRole('textbox', { name: 'Latitude' }).fill('-30,8512');
    await visit.getByRole('textbox', { name: 'Longitude' }).fill('-51,7986');
    const summary = `Taipas em bom estado, sem sinal no galpão ${Date.now()}.`;
    await visit.getByRole('textbox', { name: 'Resumo' }).fill(summary);
    await visit
      .getByLabel('Escolher fotos')
      .setInputFiles({ name: 'galpao.png', mimeType: 'image/png', buffer: PNG });
    await expect(visit.getByRole('img', { name: 'Foto 1: galpao.png' })).toBeVisible();
    await visit.getByRole('button', { name: 'Registrar vistoria' }).click();
    await expect(visit).toBeHidden();
    await expect(outboxButton(page)).toHaveAccessibleName(/^1 aguardando envio/);

    // A pendência on the form's field.
    await pendencies.getByRole('button', { name: 'Abrir pendência' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abrir pendência' });
    await dialog.getByRole('textbox', { name: 'Formulário' }).click();
    await page.getByRole('option', { name: FORM }).click();
    const fieldSelect = dialog.getByRole('textbox', { name: 'Campo (opcional)' });
    await expect(fieldSelect).toBeEnabled();
    await fieldSelect.click();
    await page.getByRole('option', { name: `${FIELD} (${started.sealName})` }).click();
    const description = `Envie a nota fiscal da semente (${Date.now()}).`;
    await dialog.getByRole('textbox', { name: 'Descrição' }).fill(description);
    await dialog.getByRole('textbox', { name: 'Prazo' }).fill(brazilian(saoPauloDay(10)));
    await dialog.getByRole('textbox', { name: 'Prazo' }).press('Tab');
    await dialog.getByRole('button', { name: 'Abrir pendência' }).click();
    await expect(dialog).toBeHidden();
    await expect(outboxButton(page)).toHaveAccessibleName(/^2 aguardando envio/);

    // Reloaded, still offline: both listed as waiting, in the order made.
    await page.reload();
    const queued = page.getByRole('region', { name: /aguardando envio \(2\)/ });
    await expect(queued).toContainText(`Vistoria de ${brazilian(saoPauloDay())}`);
    await expect(queued).toContainText('Abrir pendência');
    await expectAccessible(page);
    await outboxButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Aguardando envio' });
    const items = drawer.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Vistoria de');
    await expect(items.nth(0)).toContainText('Aguardando envio');
    await expect(items.nth(1)).toContainText('Abrir pendência');
    await expect(items.nth(1)).toContainText(description);
    await snap('offline-outbox-375', page);
    await drawer.getByRole('button', { name: 'Fechar a lista de envios' }).click();

    // Back online: sent without a touch.
    await context.setOffline(false);
    await expect(outboxButton(page)).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Pendências' })).toContainText(description);

    // Another browser, through the API: each exists once, the photo's bytes as chosen.
    const check = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const headers = bearer(started.technician);
    const inspections = await ok<{ id: string; summary: string; photos: { url: string }[] }[]>(
      await check.request.get(`/api/process-instance/${started.instanceId}/inspections`, {
        headers,
      }),
    );
    expect(inspections.filter((inspection) => inspection.summary === summary)).toHaveLength(1);
    const [recorded] = inspections;
    expect(recorded!.photos).toHaveLength(1);
    const photo = await check.request.get(recorded!.photos[0]!.url, { headers });
    expect(Buffer.compare(await photo.body(), PNG)).toBe(0);
    const opened = await ok<{ description: string }[]>(
      await check.request.get(`/api/process-instance/${started.instanceId}/pendencies`, {
        headers,
      }),
    );
    expect(opened.filter((pendency) => pendency.description === description)).toHaveLength(1);
    await check.close();
    await context.close();
  });

  test('the producer corrects a pendência’s field and answers it offline; both arrive', async ({
    browser,
    baseURL,
    request,
    signUp,
    snap,
  }) => {
    test.slow();
    const started = await startedInstance(request, signUp, 'produtor');
    const pendency = await pendencyOnFinishedForm(request, started);
    const { context, page: first } = await phone(browser, baseURL!, started.producer);

    // Online, the producer opens the instance: kept on the device by itself.
    await keptOnline(first, started.instanceUrl);

    await context.setOffline(true);
    let page = await reopen(context, first, started.instanceUrl);
    await page.getByRole('link', { name: 'Corrigir no formulário' }).click();
    const field = page.getByRole('textbox', { name: new RegExp(FIELD) });
    await expect(field).toHaveValue('IRGA 417');
    await field.fill('IRGA 424 RI');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(outboxButton(page)).toHaveAccessibleName(/^1 aguardando envio/);
    await page.getByRole('link', { name: 'Voltar ao processo' }).click();
    const pendencies = page.getByRole('region', { name: 'Pendências' });
    await pendencies.getByRole('button', { name: 'Responder' }).click();
    const answer = 'Corrigi a cultivar conforme a nota fiscal: IRGA 424 RI.';
    await pendencies.getByRole('textbox', { name: 'Resposta' }).fill(answer);
    await pendencies.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(outboxButton(page)).toHaveAccessibleName(/^2 aguardando envio/);

    // Closed and opened again, offline: both still waiting, the correction shown on the form.
    page = await reopen(context, page, started.instanceUrl);
    await expect(outboxButton(page)).toHaveAccessibleName(/^2 aguardando envio/);
    await expect(page.getByRole('region', { name: /aguardando envio \(2\)/ })).toContainText(
      `Salvar: ${FORM}`,
    );
    await snap('offline-producer-waiting-375', page);

    await context.setOffline(false);
    await expect(outboxButton(page)).toBeHidden({ timeout: 30_000 });
    const form = await ok<{ field_instances: { id: string; content: string }[] }>(
      await request.get(started.formUrl, { headers: bearer(started.producer) }),
    );
    expect(form.field_instances[0]!.content).toBe('IRGA 424 RI');
    const [answered] = (await pendenciesOf(request, started)).filter(
      (item) => item.id === pendency.id,
    );
    expect(answered).toMatchObject({ status: 'answered' });
    await context.close();
  });

  test('a pendência resolved offline while an admin reopened it: a conflict, nothing lost', async ({
    browser,
    baseURL,
    request,
    signUp,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    const started = await startedInstance(request, signUp, 'conflito');
    const pendency = await pendencyOnFinishedForm(request, started);
    await ok(
      await request.put(`/api/pendency/${pendency.id}/answer`, {
        headers: bearer(started.producer),
        data: { answer: 'Enviei a nota fiscal.' },
      }),
    );
    const { context, page: first } = await phone(browser, baseURL!, started.technician);
    await keptOnline(first, started.instanceUrl, { keep: true });

    // Offline, the technician resolves it…
    await context.setOffline(true);
    const page = await reopen(context, first, started.instanceUrl);
    await page
      .getByRole('region', { name: 'Pendências' })
      .getByRole('button', { name: 'Resolver' })
      .click();
    await expect(outboxButton(page)).toHaveAccessibleName(/^1 aguardando envio/);
    // …while the admin, online, reopens it.
    const note = 'A nota fiscal enviada é de outra safra.';
    await ok(
      await request.put(`/api/pendency/${pendency.id}/reopen`, {
        headers: bearer(started.admin),
        data: { note },
      }),
    );

    await context.setOffline(false);
    await expect(outboxButton(page)).toHaveAccessibleName(/^1 precisa de você/, {
      timeout: 30_000,
    });
    await expectAccessible(page);
    await outboxButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Aguardando envio' });
    const item = drawer.getByRole('listitem');
    await expect(item).toContainText('Conflito');
    await expect(item).toContainText('Resolver pendência');
    await expect(item).toContainText('Situação: Aberta');
    await expect(item).toContainText(note);
    await snap('offline-conflict-375', page);
    // Still open on the server: nothing was applied nor dropped without the technician's choice.
    expect(
      (await pendenciesOf(request, started)).find((each) => each.id === pendency.id),
    ).toMatchObject({
      status: 'open',
    });

    await item.getByRole('button', { name: /^Aplicar de novo/ }).click();
    await expect(drawer.getByText('Tudo foi enviado.')).toBeVisible({ timeout: 30_000 });
    expect(
      (await pendenciesOf(request, started)).find((each) => each.id === pendency.id),
    ).toMatchObject({
      status: 'resolved',
    });
    await context.close();
  });

  test('after a logout, the next account on the phone finds nothing of the first', async ({
    browser,
    baseURL,
    request,
    signUp,
    snap,
  }) => {
    test.slow();
    const started = await startedInstance(request, signUp, 'sair');
    await pendencyOnFinishedForm(request, started);
    const { context, page: first } = await phone(browser, baseURL!, started.producer);
    await keptOnline(first, started.instanceUrl);

    // Offline, an answer waits; then the producer leaves, warned.
    await context.setOffline(true);
    const page = await reopen(context, first, started.instanceUrl);
    const pendencies = page.getByRole('region', { name: 'Pendências' });
    await pendencies.getByRole('button', { name: 'Responder' }).click();
    await pendencies
      .getByRole('textbox', { name: 'Resposta' })
      .fill('Resposta de um aparelho emprestado.');
    await pendencies.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(outboxButton(page)).toHaveAccessibleName(/^1 aguardando envio/);
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    const warning = page.getByRole('dialog', { name: 'Sair da conta' });
    await expect(warning).toContainText('Há 1 item aguardando envio. Sair mesmo assim?');
    await snap('offline-logout-warning-375', page);
    await warning.getByRole('button', { name: 'Sair mesmo assim' }).click();
    await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();

    // Nothing of the first account is left on the device.
    const left = await page.evaluate(
      async (account) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const opening = indexedDB.open('agroselo-offline');
          opening.onsuccess = () => resolve(opening.result);
          opening.onerror = () => reject(opening.error);
        });
        const count = (store: string) =>
          new Promise<number>((resolve) => {
            const request = db
              .transaction(store)
              .objectStore(store)
              .index('account')
              .count(account);
            request.onsuccess = () => resolve(request.result);
          });
        const counts = [await count('answers'), await count('outbox'), await count('kept')];
        db.close();
        return counts;
      },
      JSON.parse(Buffer.from(started.producer.split('.')[1]!, 'base64url').toString()).sub,
    );
    expect(left).toEqual([0, 0, 0]);

    // A second producer on the same browser: offline, then online, none of the first's data.
    const { token: second } = await signUp({ verify: true });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_KEY,
      second,
    ] as const);
    // Offline there is nothing stored for this account yet: it is asked to sign in.
    let other = await reopen(context, page, started.instanceUrl);
    await expect(other.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(other.getByText(started.sealName)).toHaveCount(0);
    await expect(other.getByText(started.farm.name)).toHaveCount(0);
    await context.setOffline(false);
    other = await reopen(context, other, started.instanceUrl);
    await expect(
      other.getByText('Este processo não existe ou não pertence a uma propriedade sua.'),
    ).toBeVisible();
    await expect(other.getByText(started.farm.name)).toHaveCount(0);
    await context.close();
  });
});
