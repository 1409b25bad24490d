import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail, verificationCodeIn, widths, type DemoRole } from '../fixtures';

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** Opens the modal of one field, types the new value and saves; resolves with the dialog. */
async function editField(page: Page, label: string, value: string): Promise<Locator> {
  await page.getByRole('button', { name: `Editar ${label}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Alterar ${label}` });
  const input = dialog.getByLabel(new RegExp(`^${label}`));
  await input.clear();
  await input.pressSequentially(value);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  return dialog;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('profile', () => {
  test('a new producer edits each field, and an e-mail change asks for a new code', async ({
    page,
    signUp,
    signInWith,
    mailbox,
    snap,
    expectAccessible,
  }) => {
    // Every field of the profile, two e-mails and the privacy section's consents: about a minute.
    test.slow();
    const { token } = await signUp({
      verify: true,
      account: { firstName: 'Carla', lastName: 'Nunes' },
    });
    await signInWith(token);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Carla Nunes' })).toBeVisible();
    await expect(card(page, 'CPF')).toContainText('529.982.247-25');
    await expect(card(page, 'Telefone')).toContainText('(53) 99999-8888');
    await expect(page.getByRole('heading', { name: 'Propriedades Cadastradas' })).toBeVisible();

    let dialog = await editField(page, 'Nome', 'Joana');
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Nome')).toContainText('Joana');
    await expect(page.getByRole('heading', { level: 1, name: 'Joana Nunes' })).toBeVisible();

    dialog = await editField(page, 'Sobrenome', 'Pereira');
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Sobrenome')).toContainText('Pereira');

    dialog = await editField(page, 'CPF', '11144477735');
    await expect(dialog).toBeHidden();
    await expect(card(page, 'CPF')).toContainText('111.444.777-35');

    dialog = await editField(page, 'Telefone', '5332221111');
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Telefone')).toContainText('(53) 3222-1111');

    dialog = await editField(page, 'CPF', '11144477700');
    await expect(dialog.getByRole('alert')).toHaveText('Erro ao atualizar o cpf: CPF inválido');
    await expect(dialog.getByLabel(/^CPF/)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
    await snap('profile-edit-error-1280');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'CPF')).toContainText('111.444.777-35');

    // The server refuses an address someone else has.
    dialog = await editField(page, 'E-mail', 'produtor@agroselo.local');
    await expect(dialog.getByRole('alert')).toHaveText(
      'Erro ao atualizar o email: E-mail já cadastrado',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    const newEmail = uniqueEmail('novo');
    const since = new Date();
    await editField(page, 'E-mail', newEmail);
    await expect(page).toHaveURL(/\/verification-code$/);
    await expect(page.getByRole('main').getByText(newEmail)).toBeVisible();
    const mail = await mailbox.waitFor(newEmail, since);
    await page.getByLabel(/^Código/).fill(verificationCodeIn(mail.text));
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    await expect(card(page, 'E-mail')).toContainText(newEmail);
  });

  test('a technician edits the CREA (and puts it back)', async ({ page, loginAs }) => {
    await loginAs('technician');
    await page.goto('/profile');
    const crea = card(page, 'CREA');
    await expect(crea).toContainText('18.273-64');
    await expect(page.getByRole('heading', { name: 'Propriedades Cadastradas' })).toHaveCount(0);

    let dialog = await editField(page, 'CREA', '123');
    await expect(dialog.getByRole('alert')).toHaveText(
      'Erro ao atualizar o CREA: CREA deve ter 7 ou 14 dígitos',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    dialog = await editField(page, 'CREA', '7654321');
    await expect(dialog).toBeHidden();
    await expect(crea).toContainText('76.543-21');

    dialog = await editField(page, 'CREA', '1827364');
    await expect(dialog).toBeHidden();
    await expect(crea).toContainText('18.273-64');
  });

  test('/profile#properties scrolls to the section, also from the header link', async ({
    page,
    loginAs,
  }) => {
    await loginAs('owner');
    await page.setViewportSize(widths.mobile);
    await page.goto('/profile#properties');
    const heading = page.getByRole('heading', { name: 'Propriedades Cadastradas' });
    await expect(heading).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Adicionar propriedade' })).toHaveAttribute(
      'href',
      '/register-property',
    );
    // The demo producer's farm (the properties journey covers the cards and the empty state).
    await expect(page.getByRole('article', { name: 'Granja Arroio Duro' })).toBeVisible();

    // A short window keeps the section below the fold on a large screen too.
    await page.setViewportSize({ width: 1280, height: 420 });
    for (let round = 0; round < 2; round += 1) {
      // The smooth scroll of the previous round may still be running: retry until the top holds.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await expect(heading).not.toBeInViewport({ timeout: 500 });
      }).toPass();
      await page.getByRole('banner').getByRole('link', { name: 'Propriedades' }).click();
      await expect(page).toHaveURL(/\/profile#properties$/);
      await expect(heading).toBeInViewport();
    }
  });

  test('the sidebar toggle hides and shows the side menu of an admin', async ({
    page,
    loginAs,
  }) => {
    await loginAs('admin');
    await page.goto('/profile');
    const menu = page.getByRole('navigation', { name: 'Menu lateral' });
    const toggle = page.getByRole('button', { name: 'Menu lateral' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(menu).toBeVisible();
  });

  test("a producer's section list folds away on a large screen", async ({ page, loginAs }) => {
    await loginAs('owner');
    await page.goto('/profile');
    const sections = page.getByRole('navigation', { name: 'Seções do perfil' });
    await expect(sections).toBeVisible();
    await page.getByRole('button', { name: 'Seções do perfil' }).click();
    await expect(sections).toBeHidden();
  });

  const variants: { role: DemoRole; heading: string }[] = [
    { role: 'owner', heading: 'Propriedades Cadastradas' },
    { role: 'technician', heading: 'Informações pessoais' },
    { role: 'admin', heading: 'Informações pessoais' },
  ];
  for (const { role, heading } of variants) {
    test(`the ${role} variant reads well at 375 and 1280 px`, async ({
      page,
      loginAs,
      snap,
      expectAccessible,
    }) => {
      await loginAs(role);
      for (const [name, size] of Object.entries(widths)) {
        await page.setViewportSize(size);
        await page.goto('/profile');
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await noHorizontalScroll(page);
        await snap(`profile-${role}-${size.width}`, page, { fullPage: true });
        if (name === 'desktop') await expectAccessible();
      }
      await page.getByRole('button', { name: 'Editar Telefone' }).click();
      await expect(page.getByRole('dialog', { name: 'Alterar Telefone' })).toBeVisible();
      await snap(`profile-${role}-modal-${widths.desktop.width}`);
    });
  }
});
