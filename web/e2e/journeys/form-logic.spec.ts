import type { Locator, Page } from '@playwright/test';
import {
  bearer,
  evaluateRequest,
  registerFarm,
  registerProcess,
  releaseProcess,
  requestSealOf,
  saoPauloDay,
} from '../api-steps';
import { ok } from '../form-steps';
import { choose } from '../select';
import { expect, test, tokenOf, widths } from '../fixtures';
import { expectNoPageOverflow } from '../overflow';

const LATER = 'A condição só pode usar um campo anterior a este no formulário';
const AREA_MESSAGE = 'A área tratada não pode passar de 50 ha';

/** Notifications stack up; the newest one with this text is what a step waits for. */
const notice = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).last();

/** In the open 'Regras' dialog: 'Mostrar somente se' `field` = `answer`. */
async function showOnlyIf(page: Page, dialog: Locator, field: string, answer: 'Sim' | 'Não') {
  await dialog.getByRole('button', { name: 'Adicionar condição' }).click();
  await choose(page, dialog, 'Campo da condição 1', field);
  await choose(page, dialog, 'Comparação', '=');
  await choose(page, dialog, 'Resposta', answer);
}

test('the admin builds a form that asks only what applies; a producer at 375 px fills it', async ({
  page,
  browser,
  request,
  loginAs,
  signUp,
  snap,
  expectAccessible,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const sealName = `Selo Defensivos ${tag}`;
  const names = {
    uses: `Aplica defensivos ${tag}`,
    why: 'Motivo de não aplicar',
    product: 'Produto aplicado',
    prescription: 'Receituário agronômico',
    applied: 'Data da aplicação',
    area: 'Área tratada',
  };

  // ── The admin, at 1280 px: the seal and its form through the API, its fields on the screen ──
  const adminToken = await loginAs('admin');
  const processId = await registerProcess(request, adminToken, sealName);
  const form = await ok<{ id: string }>(
    await request.post(`/api/process/${processId}/form/register`, {
      headers: bearer(adminToken),
      data: { name: 'Manejo fitossanitário', deadline: saoPauloDay(60), obligatory: true },
    }),
  );
  for (const [name, type] of [
    [names.uses, 'bool'],
    [`${names.why} ${tag}`, 'text'],
    [`${names.product} ${tag}`, 'text'],
    [`${names.prescription} ${tag}`, 'text'],
    [`${names.applied} ${tag}`, 'date'],
  ] as const)
    await ok(
      await request.post('/api/field/register', {
        headers: bearer(adminToken),
        data: { name, type },
      }),
    );
  await page.setViewportSize(widths.desktop);
  await page.goto(`/process/${processId}/form/${form.id}/fields`);
  await expect(page.getByRole('heading', { level: 1, name: 'Campos do formulário' })).toBeVisible();

  // A 'Número' in hectares through 'Novo Campo'.
  await page.getByRole('button', { name: 'Novo Campo' }).click();
  const create = page.getByRole('dialog', { name: 'Novo Campo' });
  await create.getByRole('textbox', { name: 'Nome', exact: true }).fill(`${names.area} ${tag}`);
  await create.getByRole('radio', { name: 'Número', exact: true }).check();
  await create.getByRole('textbox', { name: 'Unidade' }).fill('ha');
  await create.getByRole('combobox', { name: 'Casas decimais' }).selectOption('2');
  await create.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(notice(page, 'Campo criado com sucesso!')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar campos' }).fill(tag);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const available = page.getByRole('region', { name: 'campos disponíveis' });
  const added = page.getByRole('region', { name: 'campos adicionados' });
  const inOrder = [
    names.uses,
    names.why,
    names.product,
    names.prescription,
    names.applied,
    names.area,
  ];
  for (const name of inOrder) {
    const full = name === names.uses ? name : `${name} ${tag}`;
    await available.getByRole('button', { name: `Adicionar ${full}` }).click();
    await expect(added.getByRole('listitem', { name: full })).toBeVisible();
  }

  // A condition on a later field is refused, in pt-BR, before anything is sent.
  const rulesOf = async (name: string) => {
    await added.getByRole('button', { name: `Regras de ${name} ${tag}` }).click();
    return page.getByRole('dialog', { name: `Regras de ${name} ${tag}` });
  };
  let dialog = await rulesOf(names.product);
  await dialog.getByRole('button', { name: 'Adicionar condição' }).click();
  await choose(page, dialog, 'Campo da condição 1', `${names.area} ${tag}`);
  await choose(page, dialog, 'Comparação', 'preenchido');
  await dialog.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(dialog.getByText(LATER)).toBeVisible();
  await snap('form-logic-refused-1280');
  await choose(page, dialog, 'Campo da condição 1', names.uses);
  await choose(page, dialog, 'Comparação', '=');
  await choose(page, dialog, 'Resposta', 'Sim');
  await dialog.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(notice(page, 'Regras salvas')).toBeVisible();
  await expect(dialog).toBeHidden();

  for (const [name, answer] of [
    [names.why, 'Não'],
    [names.prescription, 'Sim'],
    [names.applied, 'Sim'],
  ] as const) {
    dialog = await rulesOf(name);
    await showOnlyIf(page, dialog, names.uses, answer);
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await expect(dialog).toBeHidden();
  }
  dialog = await rulesOf(names.area);
  await showOnlyIf(page, dialog, names.uses, 'Sim');
  await dialog.getByRole('textbox', { name: 'Máximo' }).fill('50');
  await dialog
    .getByRole('textbox', { name: 'Mensagem quando uma regra não é cumprida' })
    .fill(AREA_MESSAGE);
  await expectAccessible();
  await snap('form-logic-rules-1280');
  await dialog.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(dialog).toBeHidden();
  const areaItem = added.getByRole('listitem', { name: `${names.area} ${tag}` });
  await expect(areaItem.getByText('Número (ha)')).toBeVisible();
  await expect(areaItem.getByText('Condicional')).toBeVisible();
  await expect(areaItem.getByText('Regras')).toBeVisible();
  await releaseProcess(request, adminToken, processId);

  // ── A producer, at 375 px: a farm, the request, accepted and started through the API ──
  const producer = await signUp({ verify: true });
  const farm = await registerFarm(request, producer.token, { business_name: `Granja ${tag}` });
  const instanceId = await requestSealOf(request, producer.token, processId, farm.id);
  await evaluateRequest(request, await tokenOf(request, 'technician'), instanceId, 'accept');
  const started = await ok<{ form_instances: { id: string; name: string }[] }>(
    await request.put(`/api/process-instance/${instanceId}/start`, {
      headers: bearer(producer.token),
    }),
  );
  const formId = started.form_instances.find((item) => item.name === 'Manejo fitossanitário')!.id;
  const phone = await browser.newContext({
    viewport: widths.mobile,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
  });
  const mobile = await phone.newPage();
  await mobile.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    'agroselo.token',
    producer.token,
  ] as const);
  await mobile.goto(`/producer-details/${instanceId}/form-instance/${formId}`);
  const uses = mobile.getByRole('radiogroup', { name: names.uses });
  await expect(uses).toBeVisible();
  const asked = (name: string) =>
    mobile.getByRole('textbox', { name: new RegExp(`^${name} ${tag}`) });
  // Unanswered: what depends on the answer is not asked yet.
  for (const name of [names.why, names.product, names.prescription, names.applied, names.area])
    await expect(asked(name)).toHaveCount(0);

  // 'Não': its one question appears below the answer; the answer itself does not move.
  const before = await uses.boundingBox();
  await uses.getByRole('radio', { name: 'Não' }).check();
  await expect(asked(names.why)).toBeVisible();
  for (const name of [names.product, names.prescription, names.applied, names.area])
    await expect(asked(name)).toHaveCount(0);
  expect((await uses.boundingBox())?.y).toBe(before?.y);
  await asked(names.why).fill('Sem pragas nesta safra');
  await snap('form-logic-nao-375', mobile);

  // 'Sim': the four questions of 'Sim' in its place, and nothing moved above them.
  const scrolled = await mobile.evaluate(() => window.scrollY);
  await uses.getByRole('radio', { name: 'Sim' }).check();
  for (const name of [names.product, names.prescription, names.applied, names.area])
    await expect(asked(name)).toBeVisible();
  await expect(asked(names.why)).toHaveCount(0);
  expect(await mobile.evaluate(() => window.scrollY)).toBe(scrolled);
  expect((await uses.boundingBox())?.y).toBe(before?.y);
  await expectNoPageOverflow(mobile);
  await snap('form-logic-sim-375', mobile, { fullPage: true });

  // A value over the maximum: the admin's message as the producer leaves the field.
  const area = mobile.getByRole('textbox', { name: `${names.area} ${tag} (ha)` });
  await area.fill('60');
  await area.press('Tab');
  const refusal = mobile.getByText(AREA_MESSAGE);
  await expect(refusal).toBeVisible();
  await expectAccessible(mobile);
  // The save bar sticks to the bottom of the screen: the field and its message above it.
  await refusal.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await snap('form-logic-maximum-375', mobile);
  await area.fill('42,5');
  await area.press('Tab');
  await expect(mobile.getByText(AREA_MESSAGE)).toBeHidden();
  await asked(names.product).fill('Clomazona');
  await asked(names.prescription).fill('0147/2026');
  await asked(names.applied).fill('20/10/2025');
  await asked(names.applied).press('Tab');
  await mobile.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(mobile, 'Alterações salvas')).toBeVisible();

  // Reloaded: the answers kept, the number in pt-BR; the answer to 'Não' is gone for good.
  await mobile.reload();
  await expect(area).toHaveValue('42,5');
  await expect(asked(names.product)).toHaveValue('Clomazona');
  await expect(asked(names.why)).toHaveCount(0);
  const saved = await ok<{
    field_instances: { field: { name: string }; content: string | null }[];
  }>(
    await request.get(`/api/process-instance/${instanceId}/form/${formId}`, {
      headers: bearer(producer.token),
    }),
  );
  const contentOf = (name: string) =>
    saved.field_instances.find((field) => field.field.name === name)?.content;
  expect(contentOf(`${names.why} ${tag}`)).toBeNull();
  expect(contentOf(`${names.area} ${tag}`)).toBe('42.5');

  await mobile.getByRole('button', { name: 'Finalizar' }).click();
  const finish = mobile.getByRole('dialog', { name: 'Finalizar o formulário' });
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(notice(mobile, 'Formulário finalizado!')).toBeVisible();
  await expect(area).toBeDisabled();
  await snap('form-logic-finished-375', mobile, { fullPage: true });
  await phone.close();
});
