import type { APIRequestContext } from '@playwright/test';
import { nextSafra } from '@agroselo/contracts';
import {
  bearer,
  createSeal,
  currentSafra,
  evaluateRequest,
  fillAndFinishForm,
  registerFarm,
  releaseProcess,
  requestSealOf,
  saoPauloDay,
  tokenOf,
} from '../api-steps';
import { expect, switchTo, test, widths } from '../fixtures';
import { ok } from '../form-steps';
import { expectNoPageOverflow } from '../overflow';

/** The demo (server/src/db/seed/demo.ts): Marta's certified farm. */
const CERTIFIED_FARM = 'Fazenda Lagoa Mirim';
const CERTIFIED_NUMBER = 'AGS-DEM0-2025';
/** Marta's farm whose certificate an admin suspended. */
const SUSPENDED_FARM = 'Granja Banhado do Taim';
const CARRIED = 'Resposta da safra anterior';
const CONSENT = 'Aceito que esta propriedade apareça no registro público de certificados';
const INSTANCE_URL = /\/producer-details\/([0-9a-f-]{36})$/;

interface WireForm {
  field_instances: {
    id: string;
    carried_over: boolean;
    field: { name: string; type: string; producer_read_only: boolean };
  }[];
}

/** A form of the renewal with a carried answer the producer can confirm (not a Lista). */
async function carriedField(
  request: APIRequestContext,
  token: string,
  instanceId: string,
  forms: { id: string }[],
) {
  for (const form of forms) {
    const detail = await ok<WireForm>(
      await request.get(`/api/process-instance/${instanceId}/form/${form.id}`, {
        headers: bearer(token),
      }),
    );
    const field = detail.field_instances.find(
      (item) => item.carried_over && item.field.type !== 'form' && !item.field.producer_read_only,
    );
    if (field) return { formId: form.id, name: field.field.name };
  }
  throw new Error('the renewal started with no carried answer');
}

/**
 * A new producer's farm certified for a seal of its own, whose next safra takes requests today:
 * built through the API as the workflow and certificates journeys walk it. The demo's certified
 * farm can be renewed once per server: a retry of the renewal journey failed for good on it.
 */
async function certifiedFarm(
  request: APIRequestContext,
  signUp: (options: { verify: boolean }) => Promise<{ token: string }>,
) {
  const tag = Math.random().toString(36).slice(2, 7);
  const admin = await tokenOf(request, 'admin');
  const processId = await createSeal(request, admin, `Arroz Renovado ${tag}`);
  const { token } = await signUp({ verify: true });
  const farm = await registerFarm(request, token, { business_name: `Fazenda Renovada ${tag}` });
  const instanceId = await requestSealOf(request, token, processId, farm.id);
  const technician = await tokenOf(request, 'technician');
  await evaluateRequest(request, technician, instanceId, 'accept');
  await ok(
    await request.put(`/api/process-instance/${instanceId}/start`, { headers: bearer(token) }),
  );
  await fillAndFinishForm(request, token, instanceId);
  const concluded = await ok<{ certificate: { number: string } | null }>(
    await request.put(`/api/process-instance/${instanceId}/finish`, {
      headers: bearer(technician),
      data: { approved: true, note: '' },
    }),
  );
  const next = await ok<{ id: string }>(
    await request.post(`/api/process/${processId}/next-season`, {
      headers: bearer(admin),
      data: {
        safra: nextSafra(currentSafra()),
        start_date: saoPauloDay(-1),
        end_date: saoPauloDay(60),
        validity_start: saoPauloDay(-1),
        validity_end: saoPauloDay(730),
      },
    }),
  );
  await releaseProcess(request, admin, next.id);
  return { token, farmId: farm.id, certificate: concluded.certificate!.number };
}

test('the admin creates the next safra of a seal and releases it', async ({
  page,
  request,
  loginAs,
  snap,
  expectAccessible,
}) => {
  test.slow();
  const sealName = `Arroz da Safra ${Math.random().toString(36).slice(2, 7)}`;
  await createSeal(request, await loginAs('admin'), sealName);
  const safra = currentSafra();
  const next = nextSafra(safra);
  await page.setViewportSize(widths.mobile);
  await page.goto('/stamps');
  const card = page.getByRole('article', { name: sealName });
  await expect(card.getByText(`Safra ${safra}`)).toBeVisible();

  // The dialog proposes the next safra; the server refuses one not later than this one.
  await card.getByRole('button', { name: 'Nova safra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova safra' });
  const safraInput = dialog.getByRole('textbox', { name: 'Safra' });
  await expect(safraInput).toHaveValue(next);
  await safraInput.fill(safra);
  await dialog.getByRole('button', { name: 'Criar safra' }).click();
  await expect(dialog.getByText(`A nova safra deve ser posterior a ${safra}`)).toBeVisible();
  await safraInput.fill(next);
  await expectAccessible();
  await snap('safras-next-season-375');
  await dialog.getByRole('button', { name: 'Criar safra' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Safra ${next} de ${sealName} criada como rascunho`)).toBeVisible();

  // Two seasons of the seal now: the filter shows one safra, and the new draft is released.
  const filter = page.getByRole('textbox', { name: 'Safra' });
  await filter.click();
  await page.getByRole('option', { name: next, exact: true }).click();
  // Each season's card by its safra: while the filtered list arrives, this season's card (whose
  // 'Safra seguinte: … (Rascunho)' also reads 'Rascunho') may still be beside it.
  const seasonCard = (season: string) =>
    page
      .getByRole('article', { name: sealName })
      .filter({ has: page.getByText(`Safra ${season}`, { exact: true }) });
  const nextCard = seasonCard(next);
  await expect(nextCard.getByText('Rascunho', { exact: true })).toBeVisible();
  await nextCard.getByRole('button', { name: 'Liberar' }).click();
  await expect(nextCard.getByText('Liberado', { exact: true })).toBeVisible();
  await snap('safras-stamps-next-375');

  await filter.click();
  await page.getByRole('option', { name: safra, exact: true }).click();
  const thisCard = seasonCard(safra);
  await expect(thisCard.getByText(`Safra seguinte: ${next} (Liberado)`)).toBeVisible();
  await expect(thisCard.getByRole('button', { name: 'Nova safra' })).toHaveCount(0);
  await page.setViewportSize(widths.desktop);
  await expectAccessible();
  await snap('safras-stamps-1280');
});

test("a certified producer renews for the next safra, confirms last season's answer, and the technician compares", async ({
  page,
  request,
  signUp,
  signInWith,
  snap,
  expectAccessible,
}) => {
  test.slow();
  const { token: owner, farmId, certificate } = await certifiedFarm(request, signUp);
  // The producer and the technician take turns in one page (switchTo).
  const producer = page;
  await producer.setViewportSize(widths.mobile);
  await signInWith(owner);

  // The property offers the renewal; the dialog asks the area and consent again, pre-filled.
  await producer.goto(`/property/${farmId}`);
  const renew = producer.getByRole('button', { name: /^Renovar para a safra \d{4}\/\d{2}$/ });
  await expect(renew).toBeVisible();
  await snap('safras-property-375', producer);
  await renew.click();
  const dialog = producer.getByRole('dialog', { name: /^Renovar para a safra/ });
  const area = dialog.getByRole('textbox', { name: /Área de arroz inscrita/ });
  await expect(area).toHaveValue(/^\d+,\d{2}$/);
  await expect(dialog.getByRole('checkbox', { name: CONSENT })).toBeVisible();
  await area.fill('312,75');
  await expectAccessible(producer);
  await snap('safras-renew-375', producer);
  await dialog.getByRole('button', { name: 'Solicitar renovação' }).click();
  await expect(producer).toHaveURL(INSTANCE_URL);
  const instanceId = INSTANCE_URL.exec(producer.url())![1]!;
  await expect(producer.getByText('Área de arroz inscrita: 312,75 ha')).toBeVisible();
  await expect(producer.getByText(`Renovação do certificado ${certificate}`)).toBeVisible();

  // Accepted and started (as the workflow journey walks it), the forms come pre-filled.
  await ok(
    await request.put(`/api/process-instance/${instanceId}/evaluate`, {
      headers: bearer(await tokenOf(request, 'technician')),
      multipart: { reject: 'false' },
    }),
  );
  const started = await ok<{ form_instances: { id: string }[] }>(
    await request.put(`/api/process-instance/${instanceId}/start`, { headers: bearer(owner) }),
  );
  const target = await carriedField(request, owner, instanceId, started.form_instances);
  const formPage = `/producer-details/${instanceId}/form-instance/${target.formId}`;
  await producer.goto(formPage);
  const confirm = producer.getByRole('button', { name: `Confirmar ${target.name}` });
  await expect(confirm).toBeVisible();
  const marks = producer.getByText(CARRIED, { exact: true });
  const carried = await marks.count();
  await expect(
    producer.getByRole('button', { name: 'Confirmar todas as respostas da safra anterior' }),
  ).toBeVisible();
  // At 375 px the notice's text and button wrap inside it: nothing reaches past its right edge.
  const notice = producer.getByRole('status').filter({ hasText: /da safra anterior: confirme/ });
  const pastNotice = await notice.evaluate((alert) => {
    const right = alert.getBoundingClientRect().right;
    const inside = [...alert.querySelectorAll('*')].map((element) =>
      Math.max(
        element.scrollWidth - element.clientWidth,
        Math.ceil(element.getBoundingClientRect().right - right),
      ),
    );
    return Math.max(alert.scrollWidth - alert.clientWidth, ...inside);
  });
  expect(pastNotice).toBeLessThanOrEqual(0);
  expect(
    await producer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBe(0);
  await expectAccessible(producer);
  await snap('safras-form-carried-375', producer);
  await confirm.click();
  await expect(confirm).toBeHidden();
  await expect(marks).toHaveCount(carried - 1);

  // The technician reads last season beside each answer.
  const technician = producer;
  await technician.setViewportSize(widths.desktop);
  await switchTo(technician, await tokenOf(request, 'technician'), formPage);
  await expect(technician.getByText(/^Safra anterior: /).first()).toBeVisible();
  await expect(technician.getByText('Sem alteração').first()).toBeVisible();
  await expect(technician.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0);
  await expectAccessible(technician);
  await snap('safras-form-comparison-1280', technician);
  await technician.setViewportSize(widths.mobile);
  await snap('safras-form-comparison-375', technician);
});

test("/verificar shows the demo's suspended certificate as 'Suspenso'", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, 'admin');
  const farms = await ok<
    {
      business_name: string;
      process_instances: {
        process: { stamp: { name: string } };
        certificate: { number: string } | null;
      }[];
    }[]
  >(
    await request.get(`/api/property/search?query=${encodeURIComponent(SUSPENDED_FARM)}`, {
      headers: bearer(admin),
    }),
  );
  const farm = farms.find((item) => item.business_name === SUSPENDED_FARM)!;
  const number = farm.process_instances.find(
    (item) => item.certificate && item.process.stamp.name === 'Arroz de Qualidade Superior',
  )!.certificate!.number;
  await page.goto(`/verificar/${number}`);
  await expect(page.getByRole('status', { name: 'Certificado suspenso' })).toContainText(
    'Motivo: Não conformidade constatada',
  );
});

type Certificate = { number: string; standing: string };

/** The instance of the farm's certificate that `pick` chooses, from the admin's property search. */
async function certifiedInstanceOf(
  request: APIRequestContext,
  token: string,
  farmName: string,
  pick: (certificate: Certificate) => boolean,
) {
  const farms = await ok<
    {
      business_name: string;
      process_instances: { id: string; certificate: Certificate | null }[];
    }[]
  >(
    await request.get(`/api/property/search?query=${encodeURIComponent(farmName)}`, {
      headers: bearer(token),
    }),
  );
  const farm = farms.find((item) => item.business_name === farmName)!;
  return farm.process_instances.find((item) => item.certificate && pick(item.certificate))!.id;
}

for (const viewport of Object.values(widths)) {
  const px = viewport.width;

  test(`an admin opens the certificate standing dialogs and goes back without a change (${px} px)`, async ({
    page,
    request,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    test.slow();
    const admin = await loginAs('admin');
    await page.setViewportSize(viewport);
    const valid = (certificate: Certificate) => certificate.number === CERTIFIED_NUMBER;
    const suspended = (certificate: Certificate) => certificate.standing === 'suspended';
    const dialogs = [
      { farm: CERTIFIED_FARM, pick: valid, button: 'Suspender', title: 'Suspender o certificado' },
      {
        farm: CERTIFIED_FARM,
        pick: valid,
        button: 'Cancelar certificado',
        title: 'Cancelar o certificado',
      },
      {
        farm: SUSPENDED_FARM,
        pick: suspended,
        button: 'Reativar',
        title: 'Reativar o certificado',
      },
    ];
    for (const { farm, pick, button, title } of dialogs) {
      const instanceId = await certifiedInstanceOf(request, admin, farm, pick);
      await page.goto(`/producer-details/${instanceId}`);
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: /Observação/ })).toBeVisible();
      await expectAccessible();
      await snap(`standing-${button.toLowerCase().replace(/ /g, '-')}-${px}`);
      await expectNoPageOverflow(page);
      await dialog.getByRole('button', { name: 'Voltar' }).click();
      await expect(dialog).toBeHidden();
    }
    await expectNoPageOverflow(page);
  });
}
