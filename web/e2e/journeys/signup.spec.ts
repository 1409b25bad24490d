import { expect, newAccount, test, verificationCodeIn, widths } from '../fixtures';

const required = [
  'Um e-mail válido é necessário',
  'Um nome é necessário',
  'Um sobrenome é necessário',
  'É necessário um cpf válido',
  'É necessário um número de telefone',
  'É necessário uma senha válida',
  'É necessário confirmar a senha',
];

test.describe('sign-up', () => {
  test('an empty submit shows every required message, and the masks format typed digits', async ({
    page,
    snap,
    expectAccessible,
  }) => {
    await page.setViewportSize(widths.desktop);
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
    await expect(page.getByText('Conectando o campo à tecnologia')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Faça login' })).toHaveAttribute('href', '/login');
    await expectAccessible();
    await snap('register-1280');

    await page.getByRole('button', { name: 'Criar conta' }).click();
    for (const message of required) await expect(page.getByText(message)).toBeVisible();
    await snap('register-errors-1280', page, { fullPage: true });

    const cpf = page.getByLabel(/^CPF/);
    await cpf.pressSequentially('52998224725');
    await expect(cpf).toHaveValue('529.982.247-25');
    const phone = page.getByLabel(/^Telefone/);
    await phone.pressSequentially('53999998888');
    await expect(phone).toHaveValue('(53) 99999-8888');
    await phone.clear();
    await phone.pressSequentially('5332221111');
    await expect(phone).toHaveValue('(53) 3222-1111');
    await expect(page.getByText('É necessário um cpf válido')).toBeHidden();
  });

  test('fits a phone screen', async ({ page, snap }) => {
    await page.setViewportSize(widths.mobile);
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('register-375');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText(required[0]!)).toBeVisible();
    await snap('register-errors-375', page, { fullPage: true });
  });

  test('a producer signs up, receives the code, logs in and verifies the account', async ({
    page,
    mailbox,
    snap,
    expectAccessible,
  }) => {
    const account = newAccount({ firstName: 'Beatriz', lastName: 'Moraes' });
    const since = new Date();
    await page.goto('/register');
    await page.getByLabel(/^E-mail/).fill(account.email);
    await page.getByLabel(/^Nome/).fill(account.firstName);
    await page.getByLabel(/^Sobrenome/).fill(account.lastName);
    await page.getByLabel(/^CPF/).pressSequentially(account.cpf);
    await page.getByLabel(/^Telefone/).pressSequentially(account.phone);
    await page.getByLabel(/^Senha/).fill(account.password);
    await page.getByLabel(/^Confirmar senha/).fill(account.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText(`Enviamos um código de verificação para ${account.email}`),
    ).toBeVisible();
    const mail = await mailbox.waitFor(account.email, since);
    const code = verificationCodeIn(mail.text);

    await page.getByLabel(/^E-mail/).fill(account.email);
    await page.getByLabel(/^Senha/).fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/verification-code$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quase lá!' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expectAccessible();
    await snap('verification-1280');

    const field = page.getByLabel(/^Código/);
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Código inválido')).toBeVisible();
    await snap('verification-wrong-code-1280');

    await field.fill(code);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('button', { name: `Menu do usuário: Beatriz Moraes (Usuário)` }),
    ).toBeVisible();
  });

  test('the verification page fits a phone and counts down the resend', async ({
    page,
    signUp,
    signInWith,
    snap,
  }) => {
    const { token } = await signUp();
    await signInWith(token);
    await page.setViewportSize(widths.mobile);
    await page.goto('/verification-code');
    await expect(page.getByRole('heading', { name: 'Quase lá!' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap('verification-375');

    // The sign-up has just sent a code: the server asks to wait before another.
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Aguarde um minuto antes de pedir um novo código.',
    );
    await expect(page.getByRole('button', { name: /^Reenviar código \(\d+ s\)$/ })).toBeDisabled();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  });
});
