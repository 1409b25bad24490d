import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, brazilian, PDF, saoPauloDay, tokenOf } from '../api-steps';
import { ok, startedForm } from '../form-steps';
import { expect, test, widths, type NewAccount } from '../fixtures';
import { expectNoPageOverflow } from '../overflow';

const OFFLINE =
  'Você está sem conexão. Suas alterações ficam guardadas neste aparelho e serão salvas quando a conexão voltar.';
const SAVE_PENDING = 'Sem conexão: o salvamento será feito assim que a conexão voltar.';
const ALL_SAVED = 'Todas as alterações estão salvas';

/** Types a date as dd/mm/aaaa and leaves the field, closing its calendar as a user would. */
async function fillDate(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Tab');
}

/** Notifications stack up; the newest one with this text is what a step waits for. */
const notice = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).last();

/** The rows the producer writes in the form's Lista, and the cells the server keeps of them. */
const ROWS = [
  { product: 'Herbicida pré-emergente', dose: '0,9', applied: '20/10/2025', done: 'Sim' },
  { product: 'Fungicida', dose: '0,4', applied: '18/11/2025', done: 'Não' },
];
const SAVED_ROWS = [
  'Herbicida pré-emergente',
  '0,9',
  '2025-10-20',
  'true',
  'Fungicida',
  '0,4',
  '2025-11-18',
  'false',
];

// The whole flow at one width; the phone's own way through a table (a row in a dialog), the
// signature and the finished form at 375 px in the journey after this one.
for (const [size, viewport] of [['1280', widths.desktop]] as const) {
  test(`a producer fills every kind of field, keeps a draft, saves offline and signs at ${size} px`, async ({
    page,
    context,
    request,
    signUp,
    signInWith,
    snap,
    expectAccessible,
  }) => {
    // The longest journey: every kind of field, a draft, an offline save, an upload and a signature.
    test.slow();
    // Each screen is checked for accessibility at one width only: axe is slow and the markup is the same.
    const producer = await signUp({ verify: true });
    const tag = `${size}-${Date.now().toString(36)}`;
    const { names, instanceId, formId } = await startedForm(request, producer, tag);
    const account: NewAccount = producer.account;
    const formUrl = `/api/process-instance/${instanceId}/form/${formId}`;

    await page.setViewportSize(viewport);
    await signInWith(producer.token);
    await page.goto(`/producer-details/${instanceId}`);
    await page.getByRole('link', { name: `${names.form}: em preenchimento` }).click();
    await expect(page).toHaveURL(new RegExp(`/form-instance/${formId}$`));
    await expect(page.getByRole('heading', { level: 1, name: names.form })).toBeVisible();
    await expect(page.getByText('Requer Assinatura')).toBeVisible();
    await expect(page.getByText(ALL_SAVED)).toBeVisible();

    // Every kind of field; the technician's own is shown, locked.
    await page.getByRole('textbox', { name: names.text }).fill('IRGA 424 RI');
    await page
      .getByRole('radiogroup', { name: names.bool })
      .getByRole('radio', { name: 'Sim' })
      .check();
    await fillDate(page.getByRole('textbox', { name: names.date }), '01/10/2025');
    const flooding = page.getByRole('group', { name: names.datetime });
    await fillDate(flooding.getByRole('textbox', { name: 'Data' }), '15/10/2025');
    await flooding.getByRole('spinbutton', { name: 'Horas' }).fill('07');
    await flooding.getByRole('spinbutton', { name: 'Minutos' }).fill('30');
    await expect(flooding.getByRole('spinbutton', { name: 'Minutos' })).toHaveValue('30');
    await expect(page.getByRole('textbox', { name: names.staff })).toBeDisabled();

    // A table of three rows, the third deleted.
    const table = page.getByRole('table', { name: names.list });
    const addRow = page.getByRole('button', { name: 'Adicionar linha' });
    for (const row of [1, 2, 3]) {
      await addRow.click();
      await expect(
        table.getByRole('textbox', { name: `${names.columns.product}, linha ${row}` }),
      ).toBeVisible();
    }
    for (const [index, row] of ROWS.entries()) {
      const cell = (column: string) => `${column}, linha ${index + 1}`;
      await table.getByRole('textbox', { name: cell(names.columns.product) }).fill(row.product);
      await table.getByRole('textbox', { name: cell(names.columns.dose) }).fill(row.dose);
      await fillDate(
        table.getByRole('textbox', { name: cell(names.columns.applied) }),
        row.applied,
      );
      await table
        .getByRole('radiogroup', { name: cell(names.columns.done) })
        .getByRole('radio', { name: row.done })
        .check();
    }
    await table.getByRole('button', { name: 'Excluir linha 3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir a linha 3?' });
    await confirm.getByRole('button', { name: 'Excluir linha' }).click();
    await expect(
      table.getByRole('textbox', { name: `${names.columns.product}, linha 3` }),
    ).toBeHidden();
    await expect(
      table.getByRole('textbox', { name: `${names.columns.product}, linha 2` }),
    ).toHaveValue('Fungicida');

    // A proof: its progress while it goes, then a link to it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/uploads', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `Enviar comprovante de ${names.bool}` }).click();
    await (
      await chooser
    ).setFiles({ name: 'outorga.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The bar's filled part is empty until bytes go, so its element is there but has no width.
    await expect(
      page.getByRole('progressbar', { name: `Enviando comprovante de ${names.bool}` }),
    ).toBeAttached();
    await expect(page.getByText(/^Enviando… \d+%$/)).toBeVisible();
    release();
    const proofLink = page.getByRole('button', {
      name: `Baixar comprovante de ${names.bool}: outorga.pdf`,
    });
    await expect(proofLink).toBeVisible();
    await page.unroute('**/api/uploads');
    const download = page.waitForEvent('download');
    await proofLink.click();
    expect((await download).suggestedFilename()).toBe('outorga.pdf');
    await expect(page.getByText('12 alterações não salvas')).toBeVisible();
    await snap(`form-filled-${size}`, page, { fullPage: true });

    // A reload before saving: the draft is offered back.
    await page.reload();
    await expect(
      page.getByText(/Você tem alterações não salvas de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}:/),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: names.text })).toHaveValue('');
    await expectAccessible();
    await snap(`form-draft-offer-${size}`);
    await page.getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByRole('textbox', { name: names.text })).toHaveValue('IRGA 424 RI');
    await expect(page.getByRole('textbox', { name: names.date })).toHaveValue('01/10/2025');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Alterações salvas')).toBeVisible();
    await expect(page.getByText(ALL_SAVED)).toBeVisible();

    // Offline: the page says so, Salvar waits, and saves once the connection is back.
    await context.setOffline(true);
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await page.getByRole('textbox', { name: names.text }).fill('IRGA 424 RI (safra 2025/26)');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(SAVE_PENDING)).toBeVisible();
    await snap(`form-offline-${size}`);
    await context.setOffline(false);
    await expect(page.getByText(ALL_SAVED)).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeHidden();

    const saved = await ok<{
      field_instances: {
        content: string | null;
        field: { name: string };
        child_field_instances: { content: string | null }[];
      }[];
    }>(await request.get(formUrl, { headers: bearer(producer.token) }));
    const contentOf = (name: string) =>
      saved.field_instances.find((item) => item.field.name === name)!;
    expect(contentOf(names.text).content).toBe('IRGA 424 RI (safra 2025/26)');
    expect(contentOf(names.bool).content).toBe('true');
    expect(contentOf(names.date).content).toBe('2025-10-01');
    expect(contentOf(names.datetime).content).toBe('2025-10-15T10:30:00.000Z');
    expect(contentOf(names.list).child_field_instances.map((cell) => cell.content)).toEqual(
      SAVED_ROWS,
    );

    // Finalizar with the signature: a wrong password is refused, the right one signs.
    await page.getByRole('button', { name: 'Finalizar' }).click();
    const sign = page.getByRole('dialog', { name: 'Assinar e finalizar o formulário' });
    await sign.getByLabel('Sua senha').fill('nao-e-a-senha');
    await sign.getByRole('button', { name: 'Assinar e finalizar' }).click();
    await expect(sign.getByText('Senha incorreta')).toBeVisible();
    await snap(`form-sign-${size}`);
    await sign.getByLabel('Sua senha').fill(account.password);
    await sign.getByRole('button', { name: 'Assinar e finalizar' }).click();
    await expect(notice(page, 'Formulário finalizado!')).toBeVisible();
    const who = `${account.firstName} ${account.lastName}`;
    await expect(
      page.getByText(new RegExp(`Finalizado por ${who} em \\d{2}/\\d{2}/\\d{4}`)),
    ).toBeVisible();
    await expect(page.getByText(new RegExp(`Assinado eletronicamente por ${who}`))).toBeVisible();
    await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();

    // Everything is disabled now; the list of inputs is taken once the signing dialog (with its
    // password input) has closed.
    await expect(sign).toBeHidden();
    for (const input of await page.getByRole('textbox').all()) await expect(input).toBeDisabled();
    for (const radio of await page.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Adicionar linha' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Excluir linha/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Enviar comprovante/ })).toHaveCount(0);
    await expect(proofLink).toBeVisible();
    await expectAccessible();
    await snap(`form-finished-${size}`, page, { fullPage: true });

    // The instance page tells it too.
    await page.getByRole('link', { name: 'Voltar ao processo' }).click();
    await expect(page.getByRole('link', { name: `${names.form}: concluído` })).toBeVisible();
    await expect(
      page.getByText(`Formulário "${names.form}" finalizado e assinado por ${who}`),
    ).toBeVisible();
  });
}

/** The producer fills what the form requires (its proof too), through the API as the page would. */
async function filledRequired(
  request: APIRequestContext,
  producer: { token: string },
  started: Awaited<ReturnType<typeof startedForm>>,
) {
  const owner = bearer(producer.token);
  const formUrl = `/api/process-instance/${started.instanceId}/form/${started.formId}`;
  const detail = await ok<{ field_instances: { id: string; field: { name: string } }[] }>(
    await request.get(formUrl, { headers: owner }),
  );
  const idOf = (name: string) =>
    detail.field_instances.find((item) => item.field.name === name)!.id;
  await ok(
    await request.put(`${formUrl}/save`, {
      headers: owner,
      data: {
        fields: [
          { id: idOf(started.names.text), content: 'IRGA 424' },
          { id: idOf(started.names.bool), content: 'true' },
          { id: idOf(started.names.date), content: '2025-10-01' },
        ],
      },
    }),
  );
  await ok(
    await request.post(`${formUrl}/field/${idOf(started.names.bool)}/proof`, {
      headers: owner,
      multipart: { file: { name: 'outorga.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  return { formUrl, idOf };
}

/** The producer fills what the form requires and signs it, through the API as the page would. */
async function finishedForm(
  request: APIRequestContext,
  producer: { token: string; account: NewAccount },
  tag: string,
) {
  const started = await startedForm(request, producer, tag);
  const { formUrl, idOf } = await filledRequired(request, producer, started);
  await ok(
    await request.put(`${formUrl}/finish`, {
      headers: bearer(producer.token),
      data: { password: producer.account.password },
    }),
  );
  return { ...started, formUrl, textId: idOf(started.names.text) };
}

test('on a phone a producer fills a Lista row by row in a dialog, signs and sees the finished form at 375 px', async ({
  page,
  request,
  signUp,
  signInWith,
  snap,
  expectAccessible,
}) => {
  // A seal built, a request started and a form filled through the API, then the signature.
  test.slow();
  const producer = await signUp({ verify: true });
  const started = await startedForm(request, producer, `375-${Date.now().toString(36)}`);
  const { names, instanceId } = started;
  // What the 1280 px journey types field by field (a proof included) is there already.
  const { formUrl } = await filledRequired(request, producer, started);

  await page.setViewportSize(widths.mobile);
  await signInWith(producer.token);
  await page.goto(`/producer-details/${instanceId}`);
  await page.getByRole('link', { name: `${names.form}: em preenchimento` }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.form })).toBeVisible();
  await expect(page.getByRole('textbox', { name: names.text })).toHaveValue('IRGA 424');

  // Only the first column fits; 'Ver mais' opens the whole row.
  const table = page.getByRole('table', { name: names.list });
  for (const row of [1, 2]) {
    await page.getByRole('button', { name: 'Adicionar linha' }).click();
    await expect(
      table.getByRole('textbox', { name: `${names.columns.product}, linha ${row}` }),
    ).toBeVisible();
  }
  await expect(table.getByRole('columnheader', { name: names.columns.product })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: names.columns.dose })).toBeHidden();
  for (const [index, row] of ROWS.entries()) {
    await table.getByRole('button', { name: `Ver mais da linha ${index + 1}` }).click();
    const dialog = page.getByRole('dialog', { name: `${names.list}: linha ${index + 1}` });
    await dialog.getByRole('textbox', { name: names.columns.product }).fill(row.product);
    await dialog.getByRole('textbox', { name: names.columns.dose }).fill(row.dose);
    await fillDate(dialog.getByRole('textbox', { name: names.columns.applied }), row.applied);
    await dialog
      .getByRole('radiogroup', { name: names.columns.done })
      .getByRole('radio', { name: row.done })
      .check();
    if (index === 0) await snap('form-row-modal-375');
    await dialog.getByRole('button', { name: 'Concluído' }).click();
    await expect(dialog).toBeHidden();
  }
  await expectNoPageOverflow(page);
  await snap('form-filled-375', page, { fullPage: true });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Alterações salvas')).toBeVisible();
  await expect(page.getByText(ALL_SAVED)).toBeVisible();
  const saved = await ok<{
    field_instances: {
      field: { name: string };
      child_field_instances: { content: string | null }[];
    }[];
  }>(await request.get(formUrl, { headers: bearer(producer.token) }));
  expect(
    saved.field_instances
      .find((item) => item.field.name === names.list)!
      .child_field_instances.map((cell) => cell.content),
  ).toEqual(SAVED_ROWS);

  // Finalizar with the signature: a wrong password is refused, the right one signs.
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const sign = page.getByRole('dialog', { name: 'Assinar e finalizar o formulário' });
  await sign.getByLabel('Sua senha').fill('nao-e-a-senha');
  await sign.getByRole('button', { name: 'Assinar e finalizar' }).click();
  await expect(sign.getByText('Senha incorreta')).toBeVisible();
  await expectAccessible();
  await snap('form-sign-375');
  await sign.getByLabel('Sua senha').fill(producer.account.password);
  await sign.getByRole('button', { name: 'Assinar e finalizar' }).click();
  await expect(notice(page, 'Formulário finalizado!')).toBeVisible();
  await expect(sign).toBeHidden();
  await expect(
    page.getByText(
      new RegExp(
        `Assinado eletronicamente por ${producer.account.firstName} ${producer.account.lastName}`,
      ),
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar linha' })).toHaveCount(0);
  await expectNoPageOverflow(page);
  await snap('form-finished-375', page, { fullPage: true });
});

// One width walks this flow; its screens are seen at the other width by the journeys around it.
for (const [size, viewport] of [['375', widths.mobile]] as const) {
  test(`a pendência reopens one field of a finished form; the producer corrects it at ${size} px`, async ({
    page,
    request,
    signUp,
    signInWith,
    snap,
    expectAccessible,
  }) => {
    const producer = await signUp({ verify: true });
    const tag = `pend-${size}-${Date.now().toString(36)}`;
    const { names, instanceId, formId, formUrl, textId } = await finishedForm(
      request,
      producer,
      tag,
    );
    const description = 'Informe a cultivar como consta na nota fiscal da semente.';
    await ok(
      await request.post(`/api/process-instance/${instanceId}/pendencies`, {
        headers: bearer(await tokenOf(request, 'technician')),
        data: {
          form_instance_id: formId,
          field_instance_id: textId,
          description,
          due_date: saoPauloDay(7),
        },
      }),
    );

    await page.setViewportSize(viewport);
    await signInWith(producer.token);
    await page.goto(`/producer-details/${instanceId}/form-instance/${formId}`);
    await expect(page.getByRole('heading', { level: 1, name: names.form })).toBeVisible();
    const note = page.getByText(`Pendência: ${description}`);
    await expect(note).toBeVisible();
    await expect(page.getByText('Aberta', { exact: true })).toBeVisible();
    await expect(page.getByText(`Prazo: ${brazilian(saoPauloDay(7))}`)).toBeVisible();
    await expect(page.getByText('Atrasada')).toHaveCount(0);
    await expect(
      page.getByText(/Só os campos com pendência aberta podem ser corrigidos/),
    ).toBeVisible();

    // Only that field opens; the rest of the finished form stays as it was signed.
    const cultivar = page.getByRole('textbox', { name: names.text });
    await expect(cultivar).toBeEnabled();
    await expect(page.getByRole('textbox', { name: names.date })).toBeDisabled();
    for (const radio of await page.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Adicionar linha' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Finalizar' })).toHaveCount(0);
    await cultivar.fill('IRGA 424 RI');
    await expect(page.getByText('1 alteração não salva')).toBeVisible();
    await expectAccessible();
    await snap(`form-pendency-${size}`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Alterações salvas')).toBeVisible();
    await expect(page.getByText(ALL_SAVED)).toBeVisible();

    const saved = await ok<{ field_instances: { id: string; content: string | null }[] }>(
      await request.get(formUrl, { headers: bearer(producer.token) }),
    );
    expect(saved.field_instances.find((item) => item.id === textId)!.content).toBe('IRGA 424 RI');

    // Back to the instance page, where the producer answers the pendência.
    await page.getByRole('link', { name: 'página do processo' }).click();
    await expect(page).toHaveURL(new RegExp(`/producer-details/${instanceId}$`));
  });
}
