import type { Locator, Page } from '@playwright/test';
import {
  bearer,
  brazilian,
  PDF,
  PNG,
  registerProcess,
  releaseProcess,
  saoPauloDay,
} from '../api-steps';
import { expect, test, tokenOf, widths } from '../fixtures';

/** Types a date as dd/mm/aaaa and leaves the field, closing its calendar as a user would. */
async function fillDate(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Tab');
}

const noOverflow = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

/** Notifications stack up; the newest one with this text is what a step waits for. */
const notice = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).last();

async function createField(
  page: Page,
  noun: 'Campo' | 'Documento',
  field: { name: string; type: string; proof?: boolean; readOnly?: boolean },
  columns?: { existing: string; created: string },
) {
  await page.getByRole('button', { name: `Novo ${noun}` }).click();
  const dialog = page.getByRole('dialog', { name: `Novo ${noun}` });
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(field.name);
  await expect(dialog.getByText(`${field.name.length}/70`)).toBeVisible();
  await dialog.getByRole('radio', { name: field.type, exact: true }).check();
  if (field.readOnly) await dialog.getByLabel('Somente leitura para o produtor').check();
  if (field.proof) await dialog.getByLabel('Requer comprovante').check();
  if (columns) {
    await dialog
      .getByRole('textbox', { name: 'Adicionar coluna existente' })
      .fill(columns.existing);
    await page.getByRole('option', { name: columns.existing }).click();
    await dialog.getByRole('textbox', { name: 'Nova coluna' }).fill(columns.created);
    await dialog.getByRole('button', { name: 'Criar coluna' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
  }
  await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(notice(page, `${noun} criado com sucesso!`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

// The seal builder is three journeys side by side, each screen walked once: the new process and
// its card on the list; the forms and fields of a seal made through the API; the visitor's page of
// a seal made through the API.
test.describe('the admin builds a seal', () => {
  test('a new process, released and set to a committee on its card', async ({
    page,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    // Two screens, a reload of the list of every seal the journeys made.
    test.slow();
    const tag = Date.now().toString(36);
    const sealName = `Arroz do Litoral ${tag}`;
    await loginAs('admin');
    await page.setViewportSize(widths.desktop);

    // New process, first with dates out of order.
    await page.goto('/stamps');
    // A cold first load of the list of every seal the journeys made (see the reload below).
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gerenciar Selos e Formulários' }),
    ).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Novo Processo' }).click();
    await expect(page).toHaveURL(/\/process\/new$/);
    await page.getByRole('button', { name: 'Criar Processo' }).click();
    await expect(page.getByText('Envie a imagem do selo')).toBeVisible();
    await expect(page.getByText('Informe o nome do selo')).toBeVisible();

    await page.getByRole('textbox', { name: 'Aviso' }).fill(`Edital nº ${tag}: chamada pública`);
    await fillDate(
      page.getByRole('textbox', { name: 'Data de Início' }),
      brazilian(saoPauloDay(-1)),
    );
    await fillDate(page.getByRole('textbox', { name: 'Data de Fim' }), brazilian(saoPauloDay(-2)));
    await page
      .getByRole('textbox', { name: 'Descrição', exact: true })
      .fill('Certificação do arroz irrigado do litoral norte gaúcho');
    await page.locator('input[type=file][accept="application/pdf"]').setInputFiles({
      name: 'edital.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('textbox', { name: 'Nome do Selo' }).fill(sealName);
    await fillDate(
      page.getByRole('textbox', { name: 'Início da Validade' }),
      brazilian(saoPauloDay(0)),
    );
    await fillDate(
      page.getByRole('textbox', { name: 'Fim da Validade' }),
      brazilian(saoPauloDay(730)),
    );
    await page
      .getByRole('textbox', { name: 'Descrição do Selo' })
      .fill('Arroz cultivado nas várzeas do litoral norte, com água de boa qualidade.');
    await page.locator('input[type=file][accept*="image/png"]').setInputFiles({
      name: 'selo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('button', { name: 'Adicionar característica' }).click();
    await page.getByRole('textbox', { name: 'Característica 1' }).fill('Várzea irrigada');
    await page.getByRole('button', { name: 'Adicionar característica' }).click();
    await page.getByRole('textbox', { name: 'Característica 2' }).fill('Secagem controlada');
    await page.getByRole('button', { name: 'Criar Processo' }).click();
    await expect(page.getByText('A data de fim deve ser posterior à data de início')).toBeVisible();
    await fillDate(page.getByRole('textbox', { name: 'Data de Fim' }), brazilian(saoPauloDay(60)));
    await page.getByRole('switch', { name: 'Níveis Prata e Ouro' }).check();
    await expectAccessible();
    await snap('new-process-1280', page, { fullPage: true });
    await page.getByRole('button', { name: 'Criar Processo' }).click();

    // Back on the list: a draft, then released.
    await expect(page).toHaveURL(/\/stamps$/);
    const card = page.getByRole('article', { name: sealName });
    await expect(card.getByText('Rascunho')).toBeVisible();
    await expect(
      card.getByText(`Solicitações: ${brazilian(saoPauloDay(-1))} a ${brazilian(saoPauloDay(60))}`),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Liberar' }).first().click();
    await expect(card.getByText('Liberado', { exact: true })).toBeVisible();

    // The review settings: levels chosen on creation, the committee switched on the card.
    const levels = card.getByRole('switch', { name: 'Níveis Prata e Ouro' });
    const committee = card.getByRole('switch', { name: 'Decisão por comitê' });
    await expect(levels).toBeChecked();
    await expect(committee).not.toBeChecked();
    await committee.click();
    await expect(notice(page, `Avaliação de ${sealName} atualizada`)).toBeVisible();
    await expect(committee).toBeChecked();
    await page.reload();
    // A reload is a cold first load of a list that holds every seal the journeys made: on a busy
    // machine (a 5 MB photo resized in the other worker) it once took over 10 s to paint.
    await expect(card.getByRole('switch', { name: 'Decisão por comitê' })).toBeChecked({
      timeout: 30_000,
    });
    await expect(card.getByRole('switch', { name: 'Níveis Prata e Ouro' })).toBeChecked();
  });

  test('the forms and fields of a released seal', async ({
    page,
    request,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    // Five screens: two forms, five fields, their documents.
    test.setTimeout(240_000);
    const tag = Date.now().toString(36);
    const sealName = `Arroz das Várzeas ${tag}`;
    const adminToken = await loginAs('admin');
    await releaseProcess(request, adminToken, await registerProcess(request, adminToken, sealName));
    await page.setViewportSize(widths.desktop);
    await page.goto('/stamps');
    const card = page.getByRole('article', { name: sealName });
    // A cold first load of the list of every seal the journeys made.
    await expect(card.getByText('Liberado', { exact: true })).toBeVisible({ timeout: 30_000 });

    // A form through the modal.
    await card.getByRole('button', { name: `Mostrar formulários de ${sealName}` }).click();
    await expect(card.getByText('Nenhum formulário cadastrado neste processo.')).toBeVisible();
    await card.getByRole('button', { name: 'Criar formulário' }).click();
    const modal = page.getByRole('dialog', { name: 'Criar Novo Formulário' });
    await modal.getByRole('textbox', { name: 'Nome' }).fill('Caracterização da lavoura');
    await expect(modal.getByText('25/300')).toBeVisible();
    await fillDate(modal.getByRole('textbox', { name: 'Deadline' }), brazilian(saoPauloDay(90)));
    await modal.getByLabel('Obrigatório').check();
    await modal.getByRole('button', { name: 'Criar Formulário' }).click();
    await expect(notice(page, 'Formulário criado com sucesso!')).toBeVisible();
    const firstForm = card.getByRole('listitem', { name: 'Caracterização da lavoura' });
    await expect(firstForm.getByText('Obrigatório')).toBeVisible();
    await expectAccessible();
    await snap('stamps-1280');

    // A form through the register page, then its fields.
    await card.getByRole('link', { name: 'Cadastrar formulário' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cadastrar formulário' }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome' }).fill('Manejo da irrigação');
    await fillDate(page.getByRole('textbox', { name: 'Deadline' }), brazilian(saoPauloDay(120)));
    await page.getByLabel('Requer assinatura').check();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/process\/[0-9a-f-]{36}\/form\/[0-9a-f-]{36}\/fields$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Campos do formulário' }),
    ).toBeVisible();

    const fields = {
      text: `Fonte de água ${tag}`,
      date: `Início da irrigação ${tag}`,
      datetime: `Vistoria ${tag}`,
      bool: `Possui outorga ${tag}`,
      list: `Análises de água ${tag}`,
      column: `Laboratório ${tag}`,
    };
    // The dialog once per way it differs: a plain field, one read-only for the producer, a
    // Lista with its columns (a document below asks for a proof). The rest through the API.
    await createField(page, 'Campo', { name: fields.text, type: 'Texto' });
    await createField(page, 'Campo', { name: fields.datetime, type: 'Data/Hora', readOnly: true });
    for (const body of [
      { name: fields.date, type: 'date' },
      { name: fields.bool, type: 'bool', proof: true },
    ]) {
      const created = await request.post('/api/field/register', {
        headers: bearer(adminToken),
        data: body,
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await createField(
      page,
      'Campo',
      { name: fields.list, type: 'Lista' },
      { existing: fields.text, created: fields.column },
    );

    await page.getByRole('searchbox', { name: 'Buscar campos' }).fill(tag);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const available = page.getByRole('region', { name: 'campos disponíveis' });
    await expect(available.getByRole('listitem')).toHaveCount(6);
    for (const name of [fields.text, fields.date, fields.datetime, fields.bool, fields.list]) {
      await available.getByRole('button', { name: `Adicionar ${name}` }).click();
      await expect(notice(page, 'Campo adicionado com sucesso!')).toBeVisible();
      await expect(available.getByRole('listitem', { name })).toBeHidden();
    }
    const added = page.getByRole('region', { name: 'campos adicionados' });
    await expect(added.getByRole('listitem')).toHaveCount(5);
    await expect(
      added
        .getByRole('listitem', { name: fields.list })
        .getByText(`Colunas: ${fields.text}, ${fields.column}`),
    ).toBeVisible();
    await added.getByRole('button', { name: `Remover ${fields.date}` }).click();
    await expect(notice(page, 'Campo removido com sucesso!')).toBeVisible();
    await expect(added.getByRole('listitem')).toHaveCount(4);

    await page.getByRole('button', { name: 'Editar Formulário' }).click();
    const editor = page.getByRole('dialog', { name: 'Editar Formulário' });
    await expect(editor.getByRole('textbox', { name: 'Nome' })).toHaveValue('Manejo da irrigação');
    await editor.getByRole('textbox', { name: 'Nome' }).fill('Manejo da água de irrigação');
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Formulário atualizado com sucesso!')).toBeVisible();
    await expect(page.getByText(/^Manejo da água de irrigação · prazo/)).toBeVisible();
    await expectAccessible();
    await snap('form-fields-1280');
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page).toHaveURL(/\/stamps$/);

    // The process documents, saved only with 'Concluir'.
    await card.getByRole('button', { name: `Mostrar formulários de ${sealName}` }).click();
    const secondForm = card.getByRole('listitem', { name: 'Manejo da água de irrigação' });
    await expect(secondForm.getByText('Requer Assinatura')).toBeVisible();
    await expect(secondForm.getByText('4 campos')).toBeVisible();
    await card.getByRole('link', { name: 'Documentos do processo' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Documentos do processo' }),
    ).toBeVisible();
    const licence = `Licença de Operação ${tag}`;
    await createField(page, 'Documento', { name: licence, type: 'Texto', proof: true });
    await page.getByRole('searchbox', { name: 'Buscar documentos' }).fill(`operacao ${tag}`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: `Adicionar ${licence}` }).click();
    await expect(notice(page, 'Documento adicionado com sucesso!')).toBeVisible();
    await expect(page.getByText('Alterações ainda não salvas')).toBeVisible();
    await snap('process-fields-1280');
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(notice(page, 'Documentos salvos com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/stamps$/);
    await card.getByRole('button', { name: `Mostrar formulários de ${sealName}` }).click();
    await card.getByRole('link', { name: 'Documentos do processo' }).click();
    await expect(
      page
        .getByRole('region', { name: 'documentos adicionados' })
        .getByRole('listitem', { name: licence }),
    ).toBeVisible();
  });

  test('a visitor finds a released seal on the landing page and opens its page', async ({
    page: visitor,
    request,
    snap,
    expectAccessible,
  }) => {
    const tag = Date.now().toString(36);
    const sealName = `Arroz da Lagoa ${tag}`;
    const adminToken = await tokenOf(request, 'admin');
    await releaseProcess(
      request,
      adminToken,
      await registerProcess(request, adminToken, sealName, {
        validity_start: saoPauloDay(0),
        validity_end: saoPauloDay(730),
        features: ['Várzea irrigada', 'Secagem controlada'],
        notice_file: { name: 'edital.pdf', mimeType: 'application/pdf', buffer: PDF },
      }),
    );
    await visitor.setViewportSize(widths.desktop);
    await visitor.goto('/');
    const requestLink = visitor.getByRole('link', { name: `Solicitar ${sealName}` });
    await requestLink.scrollIntoViewIfNeeded();
    await expect(
      visitor.getByRole('list', { name: `Características do selo ${sealName}` }),
    ).toContainText('Várzea irrigada');
    await requestLink.click();
    await expect(visitor).toHaveURL(/\/request-process\/[0-9a-f-]{36}$/);
    await expect(visitor.getByRole('heading', { level: 1, name: sealName })).toBeVisible();
    const image = visitor.getByRole('img', { name: `Selo ${sealName}` });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(
      visitor.getByText(`${brazilian(saoPauloDay(-1))} a ${brazilian(saoPauloDay(60))}`),
    ).toBeVisible();
    await expect(
      visitor.getByText(`${brazilian(saoPauloDay(0))} a ${brazilian(saoPauloDay(730))}`),
    ).toBeVisible();
    await expect(
      visitor.getByText('Para requisitar o selo você deve estar autenticado'),
    ).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      /^\/login\?next=/,
    );
    const download = visitor.waitForEvent('download');
    await visitor.getByRole('link', { name: 'Baixar edital' }).click();
    expect((await download).suggestedFilename()).toBe(`edital-arroz-da-lagoa-${tag}.pdf`);
    await expectAccessible(visitor);
    await snap('seal-page-1280', visitor);

    await visitor.setViewportSize(widths.mobile);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: sealName })).toBeVisible();
    await noOverflow(visitor);
    await snap('seal-page-375', visitor);
  });

  test('the builder fits a phone screen', async ({ page, loginAs, snap }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.mobile);
    await page.goto('/stamps');
    const draft = page.getByRole('article', { name: 'Arroz Orgânico do Pampa' });
    // A cold first load of the list of every seal the journeys made (see the journey above).
    await expect(draft.getByText('Rascunho')).toBeVisible({ timeout: 30_000 });
    await draft
      .getByRole('button', { name: 'Mostrar formulários de Arroz Orgânico do Pampa' })
      .click();
    await expect(draft.getByRole('listitem', { name: 'Plano de manejo orgânico' })).toBeVisible();
    await noOverflow(page);
    await snap('stamps-375');

    await draft.getByRole('link', { name: 'Gerenciar Campos' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Campos do formulário' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'campos adicionados' }).getByRole('listitem'),
    ).toHaveCount(2);
    await noOverflow(page);
    await snap('form-fields-375');

    await page.goto('/process/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Novo Processo' })).toBeVisible();
    await noOverflow(page);
    await snap('new-process-375', page, { fullPage: true });
  });

  test('a draft seal page is hidden from visitors', async ({ page, request }) => {
    const processes = (await (await request.get('/api/process/all')).json()) as {
      id: string;
      released: boolean;
    }[];
    expect(processes.every((process) => process.released)).toBe(true);
    await page.goto('/request-process/01900000-0000-7000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Selo não encontrado' })).toBeVisible();
  });
});
