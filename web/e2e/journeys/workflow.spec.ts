import type { APIRequestContext, Page } from '@playwright/test';
import { evaluateRequest, registerFarm, requestSealOf, tokenOf } from '../api-steps';
import { expect, switchTo, test, widths } from '../fixtures';

const SUPERIOR = 'Arroz de Qualidade Superior';
const SUSTAINABLE = 'Arroz Sustentável RS';
const STAFF_NOTICE = 'Processo solicitado. Avalie aqui!';
const OWNER_NOTICE = 'Processo aceito. Inicie o processo aqui!';
const REJECTED = 'Solicitação rejeitada pelo técnico responsável';
const INSTANCE_URL = /\/producer-details\/([0-9a-f-]{36})$/;

/** A farm of the producer behind `token`, registered through the API. */
const registerFarmOf = (request: APIRequestContext, token: string) =>
  registerFarm(request, token, {
    business_name: `Granja Passo Fundo ${Math.random().toString(36).slice(2, 7)}`,
  });

async function processIdOf(request: APIRequestContext, sealName: string): Promise<string> {
  const seals = (await (await request.get('/api/stamp/all')).json()) as {
    name: string;
    process_id: string;
  }[];
  const seal = seals.find((item) => item.name === sealName);
  expect(seal, `the demo seal ${sealName}`).toBeTruthy();
  return seal!.process_id;
}

/**
 * The next answer to the bell's list of pending items that `page` receives and that `fits`: what
 * the bell then counts. Other journeys add and settle requests on the same server meanwhile, so
 * the count a journey expects is the one in the answer the page got, not one asked apart.
 */
async function nextBellAnswer(
  page: Page,
  fits: (items: { url: string }[]) => boolean = () => true,
): Promise<{ url: string }[]> {
  const response = await page.waitForResponse(
    async (answer) =>
      answer.request().method() === 'GET' &&
      new URL(answer.url()).pathname === '/api/process-instance/pending' &&
      answer.ok() &&
      fits((await answer.json()) as { url: string }[]),
  );
  return (await response.json()) as { url: string }[];
}

/** Ticks 'Li e concordo' the only way it can be: reading the terms and accepting them. */
async function acceptTerms(page: Page, title: string, whileOpen?: () => Promise<void>) {
  await page.getByRole('checkbox', { name: /Li e concordo/ }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await whileOpen?.();
  await dialog.getByRole('button', { name: 'Aceito os termos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /Li e concordo/ })).toBeChecked();
}

/** On the seal page: property, summary, terms, 'Solicitar processo'; the new instance's id. */
async function requestSeal(
  page: Page,
  processId: string,
  farmName: string,
  look?: { terms: () => Promise<void>; filled: () => Promise<void> },
): Promise<string> {
  await page.goto(`/request-process/${processId}`);
  const section = page.getByRole('region', { name: 'Solicitar este selo' });
  const submit = section.getByRole('button', { name: 'Solicitar processo' });
  // The page's first load: the bundle, the session, the seal and the producer's farms, cold (it
  // ran past 10 s at a load average above 30).
  await expect(submit).toBeDisabled({ timeout: 30_000 });
  await section.getByRole('textbox', { name: 'Propriedade' }).click();
  await page.getByRole('option', { name: farmName }).click();
  await expect(section.getByRole('group', { name: 'Propriedade escolhida' })).toContainText(
    'Arroio Grande',
  );
  await expect(submit).toBeDisabled();
  await acceptTerms(page, 'Termos de Uso da solicitação de selo', look?.terms);
  await section.getByRole('textbox', { name: /Área de arroz inscrita/ }).fill('96,5');
  await look?.filled();
  await submit.click();
  await expect(page).toHaveURL(INSTANCE_URL);
  return INSTANCE_URL.exec(page.url())![1]!;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// One width walks this flow; its screens are seen at the other width by the journeys around it.
for (const viewport of [widths.mobile]) {
  const px = viewport.width;

  test(`a producer requests a seal, a technician accepts it and the producer starts it; a rejected request is followed by a new one (${px} px)`, async ({
    page,
    request,
    signUp,
    signInWith,
    snap,
    expectAccessible,
  }) => {
    // Two accounts through the whole workflow, twice.
    test.slow();
    await page.setViewportSize(viewport);
    const { token } = await signUp({
      verify: true,
      account: { firstName: 'Ivone', lastName: 'Prestes' },
    });
    const farm = await registerFarmOf(request, token);
    await signInWith(token);
    const superior = await processIdOf(request, SUPERIOR);
    const technicianToken = await tokenOf(request, 'technician');
    // The producer and the technician take turns in one page (switchTo).
    const tech = page;

    // The producer asks for the seal and lands on the new instance, waiting for a technician.
    const first = await requestSeal(page, superior, farm.name, {
      terms: async () => {
        await expectAccessible();
        await snap(`workflow-request-terms-${px}`);
      },
      filled: async () => {
        await noHorizontalScroll(page);
        await expectAccessible();
        await snap(`workflow-request-${px}`);
      },
    });
    await expect(page.getByRole('heading', { level: 1, name: SUPERIOR })).toBeVisible();
    await expect(page.getByText('Pendente', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Aguardando a avaliação' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Linha do tempo' })
        .getByText('Selo solicitado por Ivone Prestes'),
    ).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`workflow-requested-${px}`);

    // The technician's bell counts it at once and leads to it.
    const bellAnswer = nextBellAnswer(tech);
    // A technician's Pendentes opens on 'Atribuídas a mim' (issue 43): nobody assigned this one.
    await switchTo(tech, technicianToken, '/pendings?atribuidas=todas');
    const waiting = (await bellAnswer).length;
    // The technician's first load of the list, cold (the session and the pending items).
    await expect(tech.getByRole('article', { name: farm.name })).toBeVisible({ timeout: 30_000 });
    await expect(tech.getByRole('button', { name: `Notificações (${waiting})` })).toBeVisible();
    if (px >= 1280) {
      await expect(
        tech
          .getByRole('navigation', { name: 'Menu lateral' })
          .getByRole('link', { name: new RegExp(`^Pendentes\\s*${waiting}\\s*pendentes$`) }),
      ).toBeVisible();
    }
    await tech.getByRole('button', { name: `Notificações (${waiting})` }).click();
    const notice = tech
      .getByRole('menuitem', { name: STAFF_NOTICE })
      .and(tech.locator(`[href="/producer-details/${first}"]`));
    await expect(notice).toBeVisible();
    await snap(`workflow-technician-bell-${px}`, tech);
    await notice.click();
    await expect(tech).toHaveURL(`/producer-details/${first}`);

    // The technician accepts it behind the terms.
    const evaluation = tech.getByRole('region', { name: 'Avaliar solicitação' });
    await expect(evaluation.getByRole('button', { name: 'Aceitar solicitação' })).toBeDisabled();
    await expect(evaluation.getByRole('button', { name: 'Rejeitar solicitação' })).toBeDisabled();
    await expectAccessible(tech);
    await snap(`workflow-evaluate-${px}`, tech);
    await acceptTerms(tech, 'Termos de Uso da avaliação');
    // Accepted, it leaves the bell: the bell's next answer without it is what the bell counts.
    const afterAccept = nextBellAnswer(
      tech,
      (items) => !items.some((item) => item.url === `/producer-details/${first}`),
    );
    await evaluation.getByRole('button', { name: 'Aceitar solicitação' }).click();
    await expect(tech.getByText('Aguardando produtor', { exact: true })).toBeVisible();
    const left = (await afterAccept).length;
    await expect(
      tech.getByRole('button', { name: left > 0 ? `Notificações (${left})` : 'Notificações' }),
    ).toBeVisible();

    // The producer's bell asks to start it; the start lists the forms.
    await switchTo(page, token, '/');
    await page.getByRole('button', { name: 'Notificações (1)' }).click();
    await page.getByRole('menuitem', { name: OWNER_NOTICE }).click();
    await expect(page).toHaveURL(`/producer-details/${first}`);
    const startPanel = page.getByRole('region', { name: 'Iniciar processo' });
    await expect(startPanel).toContainText('Rafael Dutra Pereira aceitou');
    await expect(startPanel.getByRole('button', { name: 'Iniciar processo' })).toBeDisabled();
    await snap(`workflow-start-${px}`);
    await acceptTerms(page, 'Termos de Uso do início do processo');
    await startPanel.getByRole('button', { name: 'Iniciar processo' }).click();
    const forms = page.getByRole('region', { name: 'Formulários e anexos' });
    await expect(forms.getByRole('link')).toHaveCount(3);
    for (const name of ['Colheita e pós-colheita', 'Classificação do lote', 'Documentos']) {
      await expect(forms.getByRole('link', { name: `${name}: em preenchimento` })).toHaveAttribute(
        'href',
        new RegExp(`^/producer-details/${first}/form-instance/[0-9a-f-]{36}$`),
      );
    }
    await expect(page.getByText('0 de 3 formulários concluídos')).toBeVisible();
    await expect(page.getByText('Em Andamento', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notificações' })).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Linha do tempo' });
    await expect(timeline.getByText('Solicitação aceita por Rafael Dutra Pereira')).toBeVisible();
    await expect(timeline.getByText('Processo iniciado por Ivone Prestes')).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`workflow-started-${px}`);

    // The profile's card shows the request as a badge of the property.
    await page.goto('/profile#properties');
    await expect(
      page
        .getByRole('article', { name: farm.name })
        .getByRole('button', { name: `${SUPERIOR}: Em Andamento` }),
    ).toBeVisible();

    // A second seal, requested through the API (the request screen is walked above): the
    // technician rejects it.
    const sustainable = await processIdOf(request, SUSTAINABLE);
    const second = await requestSealOf(request, token, sustainable, farm.id);
    // A technician's Pendentes opens on 'Atribuídas a mim' (issue 43): nobody assigned this one.
    await switchTo(tech, technicianToken, '/pendings?atribuidas=todas');
    await tech
      .getByRole('article', { name: farm.name })
      .getByRole('link', { name: /^Ver Detalhes/ })
      .click();
    await expect(tech).toHaveURL(`/producer-details/${second}`);
    await acceptTerms(tech, 'Termos de Uso da avaliação');
    await tech.getByRole('button', { name: 'Rejeitar solicitação' }).click();
    await expect(tech.getByText(REJECTED)).toBeVisible();

    // The producer sees the rejection and asks again: the chain and the timeline tell it all.
    await switchTo(page, token, `/producer-details/${second}`);
    await expect(page.getByText(REJECTED)).toBeVisible();
    await expect(page.getByText('Rejeitado', { exact: true })).toBeVisible();
    await snap(`workflow-rejected-${px}`);
    await page.getByRole('link', { name: 'Solicitar novamente' }).click();
    await expect(page).toHaveURL(`/request-process/${sustainable}`);
    await expect(
      page
        .getByRole('region', { name: 'Solicitar este selo' })
        .getByRole('button', { name: 'Solicitar processo' }),
    ).toBeVisible();
    const third = await requestSealOf(request, token, sustainable, farm.id);
    await page.goto(`/producer-details/${third}`);
    const chain = page.getByRole('region', { name: 'Histórico deste selo' });
    const links = chain.getByRole('listitem');
    await expect(links).toHaveCount(2);
    await expect(links.nth(0).getByRole('link', { name: /^1ª solicitação/ })).toHaveAttribute(
      'href',
      `/producer-details/${second}`,
    );
    await expect(links.nth(0)).toContainText('Rejeitado');
    await expect(links.nth(1).getByText(/^2ª solicitação.*\(esta\)$/)).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(links.nth(1)).toContainText('Pendente');
    await expect(
      page
        .getByRole('region', { name: 'Linha do tempo' })
        .getByText('Selo solicitado por Ivone Prestes'),
    ).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await chain.scrollIntoViewIfNeeded();
    await snap(`workflow-chain-${px}`);

    // The earlier instance knows what came after it.
    await links.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(`/producer-details/${second}`);
    await expect(page.getByRole('region', { name: 'Linha do tempo' })).toContainText(
      'Solicitação rejeitada por Rafael Dutra Pereira',
    );
    await expect(page.getByRole('link', { name: 'Solicitar novamente' })).toHaveCount(0);

    // Leave no request waiting: later journeys count the staff's pending items.
    await evaluateRequest(request, technicianToken, third, 'reject');
  });
}

for (const viewport of [widths.desktop]) {
  const px = viewport.width;

  test(`an admin starts a seal's process from the property page (${px} px)`, async ({
    page,
    request,
    loginAs,
    signUp,
    snap,
  }) => {
    await page.setViewportSize(viewport);
    const { token } = await signUp({ verify: true });
    const farm = await registerFarmOf(request, token);
    await loginAs('admin');
    await page.goto(`/property/${farm.id}`);
    await expect(page.getByRole('heading', { level: 1, name: farm.name })).toBeVisible();
    const start = page.getByRole('button', { name: 'Iniciar processo' });
    await expect(start).toBeDisabled();
    await page.getByRole('textbox', { name: 'Selo' }).click();
    await page.getByRole('option', { name: SUPERIOR }).click();
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page).toHaveURL('/process-instances');
    // From 992 px the processes are a table (issue 43), newest first: the new one on top.
    const row = page
      .getByRole('table', { name: 'Processos' })
      .getByRole('row', { name: new RegExp(farm.name) });
    await expect(row.getByText('Em Andamento')).toBeVisible();
    await expect(row.getByText('Helena Schneider')).toBeVisible();
    await snap(`workflow-staff-start-${px}`);
    await row.getByRole('link', { name: farm.name }).click();
    await expect(
      page
        .getByRole('region', { name: 'Linha do tempo' })
        .getByText('Processo aberto e iniciado por Helena Schneider'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Formulários e anexos' }).getByRole('link'),
    ).toHaveCount(3);
  });
}
