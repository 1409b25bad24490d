import { describe, expect, it } from 'vitest';
import {
  emailChangedNotice,
  passwordChangedNotice,
  passwordResetCodeEmail,
  verificationCodeEmail,
} from './emails';

// Markup in the name and a '+' in the address show what each part escapes or encodes.
const input = {
  to: 'ana+teste@exemplo.com.br',
  firstName: `Zé <Ana> & "Bia" d'Ávila`,
  code: '012345',
  publicUrl: 'https://agroselo.example',
};

// What every e-mail's HTML begins and ends with (emailLayout), addressed to `input`.
const HTML_OPENING = [
  '<!doctype html>',
  '<html lang="pt-BR">',
  '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d1f;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
  '<p style="margin:0 0 16px">Olá, Zé &lt;Ana&gt; &amp; &quot;Bia&quot; d&#39;Ávila!</p>',
];
const HTML_CLOSING = [
  '<p style="margin:24px 0 0;color:#5f6f5f;font-size:13px">AgroSelo — Conectando o campo à tecnologia</p>',
  '</body>',
  '</html>',
];

/** The messages as they were sent before the two code e-mails shared one builder, byte for byte. */
const SENT = {
  signup: {
    to: 'ana+teste@exemplo.com.br',
    subject: 'Seu código de verificação AgroSelo',
    text: [
      'Olá, Zé <Ana> & "Bia" d\'Ávila!',
      '',
      'Seu código de verificação AgroSelo é: 012345',
      '',
      'O código vale por 15 minutos. Digite-o em https://agroselo.example/verification-code para ativar sua conta.',
      '',
      'Se você não pediu este código, ignore este e-mail.',
      '',
      'AgroSelo — Conectando o campo à tecnologia',
    ].join('\n'),
    html: [
      ...HTML_OPENING,
      '<p style="margin:0 0 16px">Seu código de verificação AgroSelo é:</p>',
      '<p style="margin:0 0 16px"><strong style="font-size:28px;letter-spacing:6px">012345</strong></p>',
      '<p style="margin:0 0 16px">O código vale por 15 minutos. Digite-o em <a href="https://agroselo.example/verification-code">https://agroselo.example/verification-code</a> para ativar sua conta.</p>',
      '<p style="margin:0 0 16px">Se você não pediu este código, ignore este e-mail.</p>',
      ...HTML_CLOSING,
    ].join('\n'),
  },
  reset: {
    to: 'ana+teste@exemplo.com.br',
    subject: 'Código para redefinir sua senha do AgroSelo',
    text: [
      'Olá, Zé <Ana> & "Bia" d\'Ávila!',
      '',
      'Seu código para redefinir a senha do AgroSelo é: 012345',
      '',
      'O código vale por 15 minutos. Digite-o em https://agroselo.example/reset-password?email=ana%2Bteste%40exemplo.com.br e escolha uma nova senha.',
      '',
      'Se você não pediu para redefinir a senha, ignore este e-mail: a sua senha continua a mesma.',
      '',
      'AgroSelo — Conectando o campo à tecnologia',
    ].join('\n'),
    html: [
      ...HTML_OPENING,
      '<p style="margin:0 0 16px">Seu código para redefinir a senha do AgroSelo é:</p>',
      '<p style="margin:0 0 16px"><strong style="font-size:28px;letter-spacing:6px">012345</strong></p>',
      '<p style="margin:0 0 16px">O código vale por 15 minutos. Digite-o em <a href="https://agroselo.example/reset-password?email=ana%2Bteste%40exemplo.com.br">https://agroselo.example/reset-password?email=ana%2Bteste%40exemplo.com.br</a> e escolha uma nova senha.</p>',
      '<p style="margin:0 0 16px">Se você não pediu para redefinir a senha, ignore este e-mail: a sua senha continua a mesma.</p>',
      ...HTML_CLOSING,
    ].join('\n'),
  },
};

/** The other purposes differ from the sign-up only in what the code is for. */
const sentFor = (goal: string) => ({
  ...SENT.signup,
  text: SENT.signup.text.replace('para ativar sua conta.', `para ${goal}.`),
  html: SENT.signup.html.replace('para ativar sua conta.', `para ${goal}.`),
});

describe('code e-mails', () => {
  it('send the sign-up verification code exactly as before', () => {
    expect(verificationCodeEmail({ ...input, purpose: 'signup' })).toStrictEqual(SENT.signup);
  });

  it('send the code of an e-mail change or of a resend with their own goal, as before', () => {
    expect(verificationCodeEmail({ ...input, purpose: 'email-change' })).toStrictEqual(
      sentFor('confirmar seu novo endereço de e-mail'),
    );
    expect(verificationCodeEmail({ ...input, purpose: 'resend' })).toStrictEqual(
      sentFor('confirmar seu endereço de e-mail'),
    );
  });

  it('send the password reset code exactly as before', () => {
    expect(passwordResetCodeEmail(input)).toStrictEqual(SENT.reset);
  });
});

const SIGNATURE_TEXT = 'AgroSelo — Conectando o campo à tecnologia';

/** A notice as it was sent before the two shared one builder: greeting, what changed, warning. */
const notice = (subject: string, changed: string, warning: string, warningHtml = warning) => ({
  to: 'ana+teste@exemplo.com.br',
  subject,
  text: ['Olá, Zé <Ana> & "Bia" d\'Ávila!', '', changed, '', warning, '', SIGNATURE_TEXT].join(
    '\n',
  ),
  html: [
    ...HTML_OPENING,
    `<p style="margin:0 0 16px">${changed}</p>`,
    `<p style="margin:0 0 16px">${warningHtml}</p>`,
    ...HTML_CLOSING,
  ].join('\n'),
});

describe('security notices', () => {
  it('tell the former address of an e-mail change exactly as before', () => {
    expect(
      emailChangedNotice({
        to: input.to,
        firstName: input.firstName,
        newEmail: 'nova@exemplo.com.br',
      }),
    ).toStrictEqual(
      notice(
        'O e-mail da sua conta AgroSelo foi alterado',
        'O e-mail da sua conta AgroSelo foi alterado para nova@exemplo.com.br.',
        'Se não foi você, procure a administração do AgroSelo imediatamente. Se foi você, ignore este e-mail.',
      ),
    );
  });

  it('tell of a password change exactly as before', () => {
    expect(passwordChangedNotice({ to: input.to, firstName: input.firstName })).toStrictEqual(
      notice(
        'A senha da sua conta AgroSelo foi alterada',
        'A senha da sua conta AgroSelo foi alterada, e as outras sessões foram encerradas.',
        'Se não foi você, use "Esqueci minha senha" na página de login e procure a administração do AgroSelo.',
        'Se não foi você, use &quot;Esqueci minha senha&quot; na página de login e procure a administração do AgroSelo.',
      ),
    );
  });
});
