import type { Page } from '@playwright/test';
import { cnpj } from 'cpf-cnpj-validator';
import { registerFarm } from '../api-steps';
import { expect, test, widths } from '../fixtures';

const REQUIRED_MESSAGES = [
  'Um nome é necessário',
  'Uma denominação é necessária',
  'É necessário inserir o CNPJ',
  'É necessário inserir o município',
  'Número de inscrição no IRGA é obrigatório',
  'Latitude é obrigatória',
  'Longitude é obrigatória',
  'Número do CAR é obrigatório',
  'Número da LO da lavoura é obrigatório',
  'Validade da LO da lavoura é obrigatória',
  'Número da LO da unidade de armazenamento é obrigatório',
  'Validade da LO da unidade de armazenamento é obrigatória',
  'Localidade é obrigatória',
  'Nome do responsável é necessário',
];

/** A field by the start of its label: required labels end in an asterisk. */
const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}`) });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A farm with a name and an alphanumeric CNPJ no other run of the journeys has used. */
function newFarm() {
  const tag = Math.random().toString(36).slice(2, 7);
  const number = cnpj.generate();
  return {
    name: `Fazenda São Sepé ${tag}`,
    search: `sao sepe ${tag}`,
    cnpj: cnpj.format(number),
  };
}

// One width walks the flow; the other sees each of its screens (the farm registered through the
// API) for its layout.
for (const viewport of [widths.desktop]) {
  test(`a producer registers, sees and edits a property; an admin finds it (${viewport.width} px)`, async ({
    page,
    signUp,
    signInWith,
    loginAs,
    snap,
    expectAccessible,
  }) => {
    // A whole journey through five screens and two accounts.
    test.slow();
    const farm = newFarm();
    await page.setViewportSize(viewport);
    const { token } = await signUp({
      verify: true,
      account: { firstName: 'Ivo', lastName: 'Bento' },
    });
    await signInWith(token);

    // The profile's empty section leads to the form.
    await page.goto('/profile#properties');
    const section = page.getByRole('region', { name: 'Propriedades Cadastradas' });
    await expect(section.getByText('Nenhuma propriedade cadastrada')).toBeVisible();
    await section.getByRole('link', { name: 'Adicionar propriedade' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Formulário para cadastro de propriedade' }),
    ).toBeVisible();

    // An empty submit shows every required message.
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    for (const message of REQUIRED_MESSAGES) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectAccessible();
    await snap(`register-property-empty-${viewport.width}`, page, { fullPage: true });

    await field(page, 'Nome da propriedade').fill(farm.name);
    await field(page, 'Denominação').fill('Granja');
    await field(page, 'CNPJ').pressSequentially(farm.cnpj.toLowerCase());
    await expect(field(page, 'CNPJ')).toHaveValue(farm.cnpj);
    await field(page, 'Inscrição no IRGA').fill('2109876');
    await field(page, 'Município').fill('São Sepé');
    await field(page, 'Localidade').fill('Cerro Chato');
    await field(page, 'Latitude').fill('-30,1606');
    await field(page, 'Longitude').fill('-53,5653');
    await field(page, 'Número do CAR').fill('rs43202067a1c2e9f4b8d41a6b3c0f5e7d9a2b4c6');
    await field(page, 'Número da LO da lavoura').fill('01234/2025-DL');
    await field(page, 'Validade da LO da lavoura').fill('31/01/2029');
    await field(page, 'Número da LO da unidade de armazenamento').fill('05678/2025-DL');
    await field(page, 'Validade da LO da unidade de armazenamento').fill('30/06/2028');
    await field(page, 'Nome do responsável').fill('Ivo Bento');
    await field(page, 'Telefone do técnico responsável').pressSequentially('55991234567');
    await field(page, 'CREA do técnico responsável').pressSequentially('1234567');
    await expect(field(page, 'CREA do técnico responsável')).toHaveValue('12.345-67');
    await page.keyboard.press('Escape');
    await snap(`register-property-filled-${viewport.width}`, page, { fullPage: true });
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();

    // Back on the profile, the card with its edit button; the account is now an owner.
    await expect(page).toHaveURL(/\/profile#properties$/);
    const card = page.getByRole('article', { name: farm.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(farm.cnpj);
    await expect(card).toContainText('Nenhum selo solicitado');
    await expect(page.getByText('Produtor', { exact: true })).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`profile-properties-${viewport.width}`);

    // Edit: pre-filled, saved, back to the profile.
    await card.getByRole('link', { name: `Editar ${farm.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar propriedade' })).toBeVisible();
    await expect(field(page, 'CNPJ')).toHaveValue(farm.cnpj);
    await expect(field(page, 'Número do CAR')).toHaveValue(
      'RS-4320206-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6',
    );
    await expect(field(page, 'Validade da LO da lavoura')).toHaveValue('31/01/2029');
    await field(page, 'Denominação').fill('Fazenda');
    await snap(`edit-property-${viewport.width}`);
    await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await expect(page).toHaveURL(/\/profile#properties$/);
    await expect(card).toContainText('Fazenda · São Sepé');

    // An admin finds it by an accent-free part of its name, then by its CNPJ typed with the mask.
    await loginAs('admin');
    await page.goto('/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Propriedades' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Buscar propriedades' });
    const rows = page.getByRole('row').filter({ hasText: farm.name });
    await search.fill(farm.search);
    await expect(page.getByText(`1 propriedade encontrada para "${farm.search}"`)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await search.fill(farm.cnpj);
    await expect(page.getByText(`1 propriedade encontrada para "${farm.cnpj}"`)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`properties-search-${viewport.width}`);

    await rows.getByRole('button', { name: farm.name }).click();
    const overlay = page.getByRole('dialog', { name: farm.name });
    await expect(overlay).toContainText('Ivo Bento');
    await expect(overlay.getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      /^\/edit-property\/[0-9a-f-]{36}$/,
    );
    await snap(`properties-overlay-${viewport.width}`);
    await overlay.getByRole('link', { name: 'Detalhes' }).click();

    await expect(page.getByRole('heading', { level: 1, name: farm.name })).toBeVisible();
    await expect(page.getByText('31/01/2029')).toBeVisible();
    await expect(page.getByText('(55) 99123-4567', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar processo' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Editar propriedade' })).toBeVisible();
    await noHorizontalScroll(page);
    await expectAccessible();
    await snap(`property-detail-${viewport.width}`);
  });
}

test('the property screens fit a phone (375 px)', async ({
  page,
  request,
  signUp,
  signInWith,
  loginAs,
  snap,
  expectAccessible,
}) => {
  // Six screens, each a whole load, and two accounts.
  test.slow();
  const farm = newFarm();
  await page.setViewportSize(widths.mobile);
  const { token } = await signUp({
    verify: true,
    account: { firstName: 'Ivo', lastName: 'Bento' },
  });
  const { id } = await registerFarm(request, token, {
    business_name: farm.name,
    municipality: 'São Sepé',
    responsible_name: 'Ivo Bento',
  });
  await signInWith(token);

  await page.goto('/register-property');
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  for (const message of REQUIRED_MESSAGES) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await noHorizontalScroll(page);
  await expectAccessible();
  await snap('register-property-empty-375', page, { fullPage: true });

  await page.goto('/profile#properties');
  const card = page.getByRole('article', { name: farm.name });
  await expect(card).toContainText('Nenhum selo solicitado');
  await noHorizontalScroll(page);
  await snap('profile-properties-375');

  await card.getByRole('link', { name: `Editar ${farm.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar propriedade' })).toBeVisible();
  await expect(field(page, 'Nome da propriedade')).toHaveValue(farm.name);
  await noHorizontalScroll(page);
  await snap('edit-property-375');

  await loginAs('admin');
  await page.goto('/properties');
  await page.getByRole('searchbox', { name: 'Buscar propriedades' }).fill(farm.search);
  await expect(page.getByText(`1 propriedade encontrada para "${farm.search}"`)).toBeVisible();
  await noHorizontalScroll(page);
  await snap('properties-search-375');
  await page
    .getByRole('row')
    .filter({ hasText: farm.name })
    .getByRole('button', { name: farm.name })
    .click();
  const overlay = page.getByRole('dialog', { name: farm.name });
  await expect(overlay).toContainText('Ivo Bento');
  await snap('properties-overlay-375');
  await overlay.getByRole('link', { name: 'Detalhes' }).click();
  await expect(page).toHaveURL(`/property/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: farm.name })).toBeVisible();
  await noHorizontalScroll(page);
  await snap('property-detail-375');
});

test('the demo producer sees Granja Arroio Duro with its seal badge', async ({
  page,
  loginAs,
  snap,
}) => {
  await loginAs('owner');
  await page.setViewportSize(widths.desktop);
  await page.goto('/profile#properties');
  const card = page.getByRole('article', { name: 'Granja Arroio Duro' });
  await expect(card).toBeVisible();
  const badge = card.getByRole('button', { name: 'Arroz Sustentável RS: Em Andamento' });
  await badge.click();
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toHaveAttribute(
    'href',
    /^\/producer-details\/[0-9a-f-]{36}$/,
  );
  await snap('profile-demo-properties-1280');
});
