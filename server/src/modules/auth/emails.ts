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
  return codeEmail({
    ...input,
    subject: 'Seu código de verificação AgroSelo',
    intro: 'Seu código de verificação AgroSelo é:',
    link: `${input.publicUrl}/verification-code`,
    ending: `para ${GOALS[input.purpose]}.`,
    ignore: 'Se você não pediu este código, ignore este e-mail.',
  });
}

/** Sent to the former address, so a stolen session cannot move the account away unnoticed. */
export function emailChangedNotice(input: {
  to: string;
  firstName: string;
  newEmail: string;
}): MailMessage {
  return securityNotice({
    ...input,
    subject: 'O e-mail da sua conta AgroSelo foi alterado',
    changed: `O e-mail da sua conta AgroSelo foi alterado para ${input.newEmail}.`,
    warning:
      'Se não foi você, procure a administração do AgroSelo imediatamente. Se foi você, ignore este e-mail.',
  });
}

/** The code of 'Esqueci minha senha'; its page takes the address from the link. */
export function passwordResetCodeEmail(input: {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}): MailMessage {
  return codeEmail({
    ...input,
    subject: 'Código para redefinir sua senha do AgroSelo',
    intro: 'Seu código para redefinir a senha do AgroSelo é:',
    link: `${input.publicUrl}/reset-password?email=${encodeURIComponent(input.to)}`,
    ending: 'e escolha uma nova senha.',
    ignore:
      'Se você não pediu para redefinir a senha, ignore este e-mail: a sua senha continua a mesma.',
  });
}

/** The code that confirms 'Excluir minha conta' on the profile. */
export function deleteAccountCodeEmail(input: {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}): MailMessage {
  return codeEmail({
    ...input,
    subject: 'Código para excluir sua conta AgroSelo',
    intro: 'Seu código para confirmar a exclusão da sua conta AgroSelo é:',
    link: `${input.publicUrl}/profile`,
    ending: 'para confirmar a exclusão.',
    ignore:
      'Se você não pediu para excluir a sua conta, ignore este e-mail e troque a sua senha: a conta continua ativa.',
  });
}

/** After a change on the profile, so a stolen session cannot take the account unnoticed. */
export function passwordChangedNotice(input: { to: string; firstName: string }): MailMessage {
  return securityNotice({
    ...input,
    subject: 'A senha da sua conta AgroSelo foi alterada',
    changed: 'A senha da sua conta AgroSelo foi alterada, e as outras sessões foram encerradas.',
    warning:
      'Se não foi você, use "Esqueci minha senha" na página de login e procure a administração do AgroSelo.',
  });
}

/** What changed on the account, and what to do if it was not the owner. */
function securityNotice(input: {
  to: string;
  firstName: string;
  subject: string;
  changed: string;
  warning: string;
}): MailMessage {
  const { changed, warning } = input;
  const text = [`Olá, ${input.firstName}!`, '', changed, '', warning, '', SIGNATURE].join('\n');
  const html = layout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    escapeHtml(changed),
    escapeHtml(warning),
  ]);
  return { to: input.to, subject: input.subject, text, html };
}

/** A code to type on a page of the product: `ending` closes the sentence that links to the page. */
function codeEmail(input: {
  to: string;
  firstName: string;
  code: string;
  subject: string;
  intro: string;
  link: string;
  ending: string;
  ignore: string;
}): MailMessage {
  const { code, link, ending, ignore } = input;
  const validity = `O código vale por ${VERIFICATION_CODE_TTL_MINUTES} minutos.`;
  const text = [
    `Olá, ${input.firstName}!`,
    '',
    `${input.intro} ${code}`,
    '',
    `${validity} Digite-o em ${link} ${ending}`,
    '',
    ignore,
    '',
    SIGNATURE,
  ].join('\n');
  const html = layout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    escapeHtml(input.intro),
    `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
    `${validity} Digite-o em <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> ${escapeHtml(ending)}`,
    escapeHtml(ignore),
  ]);
  return { to: input.to, subject: input.subject, text, html };
}
