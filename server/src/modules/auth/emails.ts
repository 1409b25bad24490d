import { VERIFICATION_CODE_TTL_MINUTES } from '@agroselo/contracts';
import { emailLayout as layout, escapeHtml, SIGNATURE } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

/** What the code is for, as the e-mail tells it. */
const GOALS = {
  signup: 'ativar sua conta',
  'email-change': 'confirmar seu novo endereço de e-mail',
  resend: 'confirmar seu endereço de e-mail',
} as const;

export interface VerificationCodeEmail {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
  purpose: keyof typeof GOALS;
}

export function verificationCodeEmail(input: VerificationCodeEmail): MailMessage {
  const link = `${input.publicUrl}/verification-code`;
  const goal = GOALS[input.purpose];
  const validity = `O código vale por ${VERIFICATION_CODE_TTL_MINUTES} minutos.`;
  const ignore = 'Se você não pediu este código, ignore este e-mail.';
  const text = [
    `Olá, ${input.firstName}!`,
    '',
    `Seu código de verificação AgroSelo é: ${input.code}`,
    '',
    `${validity} Digite-o em ${link} para ${goal}.`,
    '',
    ignore,
    '',
    SIGNATURE,
  ].join('\n');
  const html = layout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    'Seu código de verificação AgroSelo é:',
    `<strong style="font-size:28px;letter-spacing:6px">${input.code}</strong>`,
    `${validity} Digite-o em <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> para ${goal}.`,
    ignore,
  ]);
  return { to: input.to, subject: 'Seu código de verificação AgroSelo', text, html };
}

/** Sent to the former address, so a stolen session cannot move the account away unnoticed. */
export function emailChangedNotice(input: {
  to: string;
  firstName: string;
  newEmail: string;
}): MailMessage {
  const changed = `O e-mail da sua conta AgroSelo foi alterado para ${input.newEmail}.`;
  const warning =
    'Se não foi você, procure a administração do AgroSelo imediatamente. Se foi você, ignore este e-mail.';
  const text = [`Olá, ${input.firstName}!`, '', changed, '', warning, '', SIGNATURE].join('\n');
  const html = layout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    escapeHtml(changed),
    escapeHtml(warning),
  ]);
  return { to: input.to, subject: 'O e-mail da sua conta AgroSelo foi alterado', text, html };
}

/** The code of 'Esqueci minha senha'; its page takes the address from the link. */
export function passwordResetCodeEmail(input: {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}): MailMessage {
  const link = `${input.publicUrl}/reset-password?email=${encodeURIComponent(input.to)}`;
  const validity = `O código vale por ${VERIFICATION_CODE_TTL_MINUTES} minutos.`;
  const ignore =
    'Se você não pediu para redefinir a senha, ignore este e-mail: a sua senha continua a mesma.';
  const text = [
    `Olá, ${input.firstName}!`,
    '',
    `Seu código para redefinir a senha do AgroSelo é: ${input.code}`,
    '',
    `${validity} Digite-o em ${link} e escolha uma nova senha.`,
    '',
    ignore,
    '',
    SIGNATURE,
  ].join('\n');
  const html = layout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    'Seu código para redefinir a senha do AgroSelo é:',
    `<strong style="font-size:28px;letter-spacing:6px">${input.code}</strong>`,
    `${validity} Digite-o em <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> e escolha uma nova senha.`,
    escapeHtml(ignore),
  ]);
  return { to: input.to, subject: 'Código para redefinir sua senha do AgroSelo', text, html };
}

/** After a change on the profile, so a stolen session cannot take the account unnoticed. */
export function passwordChangedNotice(input: { to: string; firstName: string }): MailMessage {
  const changed =
    'A senha da sua conta AgroSelo foi alterada, e as outras sessões foram encerradas.';
  const warning =
    'Se não foi você, use "Esqueci minha senha" na página de login e procure a administração do AgroSelo.';
  const text = [`Olá, ${input.firstName}!`, '', changed, '', warning, '', SIGNATURE].join('\n');
  const html = layout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    escapeHtml(changed),
    escapeHtml(warning),
  ]);
  return { to: input.to, subject: 'A senha da sua conta AgroSelo foi alterada', text, html };
}
