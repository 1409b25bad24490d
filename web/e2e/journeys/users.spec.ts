import { expect, test, widths } from '../fixtures';

/** The 6-digit code of a password reset e-mail. */
function resetCodeIn(text: string): string {
  const code = /redefinir a senha do AgroSelo é: (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no reset code in:\n${text}`);
  return code;
}

let names = 0;
/** A surname no other run of the journeys on this server has used, to find the account by. */
const uniqueSurname = (base: string) => `${base} ${Date.now().toString(36)}${++names}`;

test.describe('users', () => {
  test('an admin promotes a new account to technician, disables and re-enables it, and makes another admin', async ({
    page,
    request,
    loginAs,
    signUp,
    snap,
    expectAccessible,
  }) => {
    const lastName = uniqueSurname('Brum');
    const { account, token } = await signUp({
      verify: true,
      account: { firstName: 'Otávio', lastName },
    });
    const fullName = `Otávio ${lastName}`;
    await loginAs('admin');
    await page.setViewportSize(widths.desktop);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    // From 992 px the accounts are rows of a table.
    const table = page.getByRole('table', { name: 'Usuários' });
    const search = page.getByRole('searchbox', { name: 'Buscar usuários' });
    await search.fill('schneider');
    const mine = table.getByRole('row', { name: /Helena Schneider/ });
    await expect(mine.getByText('Você')).toBeVisible();
    await expect(mine.getByText('Administrador', { exact: true })).toBeVisible();
    await expectAccessible();
    await mine.getByRole('button', { name: 'Gerenciar Helena Schneider' }).click();
    const own = page.getByRole('dialog', { name: 'Gerenciar usuário' });
    await expect(own.getByText('Você não pode desativar a sua própria conta.')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Desativar conta' })).toHaveCount(0);
    await own.getByRole('button', { name: 'Fechar' }).click();

    // Accent- and case-insensitive search on the server.
    await search.fill(`otavio ${lastName}`);
    const card = table.getByRole('row', { name: new RegExp(fullName) });
    await expect(card).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(card.getByText('Usuário', { exact: true })).toBeVisible();
    await expect(card.getByText('Ativo', { exact: true })).toBeVisible();
    await expectAccessible();
    await snap('users-search-1280');

    await card.getByRole('button', { name: `Gerenciar ${fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Gerenciar usuário' });
    await expect(dialog.getByText('Conta criada')).toBeVisible();
    await expect(dialog.getByText(`E-mail ${account.email} confirmado`)).toBeVisible();

    await dialog.getByLabel(/^CREA/).pressSequentially('1234567');
    await expect(dialog.getByLabel(/^CREA/)).toHaveValue('12.345-67');
    await dialog.getByRole('button', { name: 'Tornar Técnico' }).click();
    await expect(page.getByText(`${fullName} agora é Técnico.`)).toBeVisible();
    await expect(dialog.getByText('Promovido de Usuário a Técnico (CREA 12.345-67)')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Tornar Técnico' })).toHaveCount(0);
    await expect(card.getByText('Técnico', { exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'Desativar conta' }).click();
    await expect(
      page.getByText(`Conta de ${fullName} desativada.`, { exact: false }),
    ).toBeVisible();
    await expect(card.getByText('Inativo', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Conta desativada', { exact: true })).toBeVisible();
    await expectAccessible();
    await snap('users-manage-1280');

    // The session it had ends at once, and its login is refused.
    const stale = await request.get('/api/auth/info', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(stale.status()).toBe(401);
    const refused = await request.post('/api/auth/token', {
      form: { username: account.email, password: account.password },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      detail: 'Conta desativada. Procure a administração do AgroSelo.',
    });

    await dialog.getByRole('button', { name: 'Reativar conta' }).click();
    await expect(page.getByText(`Conta de ${fullName} reativada.`)).toBeVisible();
    await expect(card.getByText('Ativo', { exact: true })).toBeVisible();
    const welcomeBack = await request.post('/api/auth/token', {
      form: { username: account.email, password: account.password },
    });
    expect(welcomeBack.status()).toBe(200);
    const { access_token: technicianToken } = (await welcomeBack.json()) as {
      access_token: string;
    };
    const dashboard = await request.get('/api/process-instance/all', {
      headers: { Authorization: `Bearer ${technicianToken}` },
    });
    expect(dashboard.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();

    // Another account becomes admin, after a confirmation.
    const otherSurname = uniqueSurname('Farias');
    const other = await signUp({
      verify: true,
      account: { firstName: 'Lívia', lastName: otherSurname },
    });
    const otherName = `Lívia ${otherSurname}`;
    await search.fill(other.account.email);
    const otherCard = table.getByRole('row', { name: new RegExp(otherName) });
    await otherCard.getByRole('button', { name: `Gerenciar ${otherName}` }).click();
    await dialog.getByRole('button', { name: 'Tornar Administrador' }).click();
    await expect(dialog.getByText(`Tornar ${otherName} Administrador?`)).toBeVisible();
    await snap('users-confirm-admin-1280');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(`${otherName} agora é Administrador.`)).toBeVisible();
    await expect(dialog.getByText('Administradores não podem ser desativados.')).toBeVisible();
    await expect(otherCard.getByText('Administrador', { exact: true })).toBeVisible();

    const newAdmin = await request.get('/api/user/all', {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(newAdmin.status()).toBe(200);
  });

  test('the users screen and its modal fit a phone', async ({ page, loginAs, snap }) => {
    await loginAs('admin');
    await page.setViewportSize(widths.mobile);
    await page.goto('/users?busca=agroselo.local');
    await expect(page.getByRole('article').first()).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await snap('users-375');
    await page
      .getByRole('article', { name: 'Sérgio Antunes Rodrigues' })
      .getByRole('button', { name: 'Gerenciar Sérgio Antunes Rodrigues' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Gerenciar usuário' })).toBeVisible();
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Desativar conta' }),
    ).toBeVisible();
    await snap('users-manage-375');
  });

  test('a technician is refused the users screen', async ({ page, loginAs }) => {
    await loginAs('technician');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  });
});

test.describe('account recovery', () => {
  test('a user resets a forgotten password with the e-mailed code and signs in with it', async ({
    page,
    signUp,
    mailbox,
    snap,
    expectAccessible,
  }) => {
    const { account } = await signUp({ verify: true, account: { firstName: 'Rosa' } });
    await page.setViewportSize(widths.desktop);
    await page.goto('/login');
    await page.getByLabel(/^E-mail/).fill(account.email);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esqueci minha senha' });
    await expect(dialog.getByLabel(/^E-mail/)).toHaveValue(account.email);
    await snap('forgot-password-1280');
    const since = new Date();
    await dialog.getByRole('button', { name: 'Enviar código' }).click();

    await expect(page).toHaveURL(/\/reset-password\?email=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();
    await expect(page.getByLabel(/^E-mail/)).toHaveValue(account.email);
    await expect(page.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ })).toBeDisabled();
    const mail = await mailbox.waitFor(account.email, since);
    expect(mail.subject).toBe('Código para redefinir sua senha do AgroSelo');
    const code = resetCodeIn(mail.text);

    await page.getByLabel(/^Código/).fill(code);
    await page.getByLabel(/^Nova senha/).fill('brasil123');
    await page.getByLabel(/^Confirmar nova senha/).fill('brasil123');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(
      page.getByText('Esta senha é muito comum e fácil de adivinhar. Escolha outra.'),
    ).toBeVisible();
    await expectAccessible();
    await snap('reset-password-common-1280');

    const newPassword = 'arrozal do sul 2026';
    await page.getByLabel(/^Nova senha/).fill(newPassword);
    await page.getByLabel(/^Confirmar nova senha/).fill(newPassword);
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Senha redefinida! Entre com a sua nova senha.')).toBeVisible();

    await page.getByLabel(/^E-mail/).fill(account.email);
    await page.getByLabel(/^Senha/).fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert', { name: 'Não foi possível entrar' })).toContainText(
      'E-mail ou senha incorretos',
    );

    await page.getByLabel(/^Senha/).fill(newPassword);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('button', { name: `Menu do usuário: Rosa ${account.lastName} (Usuário)` }),
    ).toBeVisible();
  });

  test('the reset page fits a phone', async ({ page, snap }) => {
    await page.setViewportSize(widths.mobile);
    await page.goto('/reset-password?email=rosa%40agroselo.test');
    await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('reset-password-375');
  });
});
