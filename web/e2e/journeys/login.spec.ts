import { DEMO_PASSWORD, demo, expect, test, widths } from '../fixtures';

test.describe('login', () => {
  test('an admin signs in through the form and lands on the processes in progress', async ({
    page,
    snap,
  }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(demo.admin);
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/process-instances$/);
    // The page a signed-in admin lands on, then the header's menu of that very account (a chunk
    // of its own, loaded once the session is known): not any button that happens to say admin.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Processos em andamento' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Menu do usuário: Helena Schneider (Administrador)' }),
    ).toBeVisible();
    await snap('admin-after-login');
  });

  test('a wrong password shows the server message and stays on the page', async ({
    page,
    snap,
  }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(demo.admin);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos');
    await expect(page).toHaveURL(/\/login$/);
    await snap('login-wrong-password');
  });

  test('an empty submit shows what is missing', async ({ page, snap }) => {
    await page.setViewportSize(widths.mobile);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe o e-mail')).toBeVisible();
    await expect(page.getByText('Informe a senha')).toBeVisible();
    await snap('login-empty-375');
  });
});
