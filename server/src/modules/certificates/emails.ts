import { SEAL_LEVEL_LABELS, type SealLevel } from '@agroselo/contracts';
import { emailButton, emailLayout, escapeHtml, SIGNATURE } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';
import { brazilianDay } from './status';

/** The pages an e-mail links to, under PUBLIC_URL (the web app's routes, spec §2). */
export const links = (publicUrl: string) => ({
  instance: (id: string) => `${publicUrl}/producer-details/${id}`,
  formInstance: (id: string, formInstanceId: string) =>
    `${publicUrl}/producer-details/${id}/form-instance/${formInstanceId}`,
  verification: (number: string) => `${publicUrl}/verificar/${number}`,
  pdf: (number: string) => `${publicUrl}/api/certificate/${number}/pdf`,
});

interface Link {
  label: string;
  url: string;
}

/**
 * A notice built once for both parts: a greeting, plain paragraphs (user-typed text is escaped
 * in the HTML), an optional quoted note, the one action as a button, and further links.
 */
export function notice(input: {
  to: string;
  subject: string;
  firstName: string;
  paragraphs: string[];
  quote?: { label: string; text: string };
  action: Link;
  more?: Link[];
}): MailMessage {
  const more = input.more ?? [];
  const text = [
    `Olá, ${input.firstName}!`,
    ...input.paragraphs.flatMap((paragraph) => ['', paragraph]),
    ...(input.quote ? ['', `${input.quote.label}:`, input.quote.text] : []),
    '',
    `${input.action.label}: ${input.action.url}`,
    ...more.map((link) => `${link.label}: ${link.url}`),
    '',
    SIGNATURE,
  ].join('\n');
  const html = emailLayout([
    `Olá, ${escapeHtml(input.firstName)}!`,
    ...input.paragraphs.map(escapeHtml),
    ...(input.quote
      ? [
          `<strong>${escapeHtml(input.quote.label)}:</strong><br><span style="display:block;border-left:3px solid #c8d8c8;padding-left:12px;white-space:pre-line">${escapeHtml(input.quote.text)}</span>`,
        ]
      : []),
    emailButton(input.action.url, input.action.label),
    ...more.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`),
  ]);
  return { to: input.to, subject: input.subject, text, html };
}

/** What every notice about one instance names. */
export interface InstanceFacts {
  instanceId: string;
  sealName: string;
  businessName: string;
  municipality: string;
}

interface Recipient {
  email: string;
  firstName: string;
}

/** To every technician and admin: a request waits for someone to evaluate it. */
export function requestReceivedEmail(
  to: Recipient,
  facts: InstanceFacts & { producerName: string },
  publicUrl: string,
): MailMessage {
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject: `Nova solicitação do selo ${facts.sealName}: ${facts.businessName}`,
    paragraphs: [
      `${facts.producerName} solicitou o selo ${facts.sealName} para a propriedade ${facts.businessName} (${facts.municipality}).`,
      'A solicitação aguarda a avaliação de um técnico: quem avaliar passa a ser o técnico responsável pelo processo.',
    ],
    action: { label: 'Avaliar a solicitação', url: links(publicUrl).instance(facts.instanceId) },
  });
}

/** To the producer: a technician accepted or rejected the request. */
export function requestEvaluatedEmail(
  to: Recipient,
  facts: InstanceFacts & { technicianName: string; rejected: boolean },
  publicUrl: string,
): MailMessage {
  const url = links(publicUrl).instance(facts.instanceId);
  if (facts.rejected)
    return notice({
      to: to.email,
      firstName: to.firstName,
      subject: `Solicitação rejeitada: selo ${facts.sealName}`,
      paragraphs: [
        `A sua solicitação do selo ${facts.sealName} para a propriedade ${facts.businessName} foi rejeitada pelo técnico responsável, ${facts.technicianName}.`,
        'Você pode corrigir o que for preciso na propriedade e fazer uma nova solicitação; ela ficará no histórico deste selo.',
      ],
      action: { label: 'Ver a solicitação', url },
    });
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject: `Solicitação aceita: selo ${facts.sealName}`,
    paragraphs: [
      `${facts.technicianName} aceitou a sua solicitação do selo ${facts.sealName} para a propriedade ${facts.businessName}.`,
      'Agora inicie o processo: os formulários da certificação ficam disponíveis para preenchimento, cada um com o seu prazo.',
    ],
    action: { label: 'Iniciar o processo', url },
  });
}

/** To the producer: a technician opened (accepted and started) a process for their property. */
export function processOpenedEmail(
  to: Recipient,
  facts: InstanceFacts & { technicianName: string },
  publicUrl: string,
): MailMessage {
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject: `Processo aberto: selo ${facts.sealName}`,
    paragraphs: [
      `${facts.technicianName} abriu o processo de certificação do selo ${facts.sealName} para a propriedade ${facts.businessName}.`,
      'Os formulários da certificação já estão disponíveis para preenchimento, cada um com o seu prazo.',
    ],
    action: {
      label: 'Preencher os formulários',
      url: links(publicUrl).instance(facts.instanceId),
    },
  });
}

/** To the producer: the process is concluded, approved with its certificate or failed. */
export function processConcludedEmail(
  to: Recipient,
  facts: InstanceFacts & {
    technicianName: string;
    note: string;
    certificate: {
      number: string;
      validFrom: string;
      validUntil: string;
      level: SealLevel | null;
    } | null;
  },
  publicUrl: string,
): MailMessage {
  const url = links(publicUrl);
  const quote = facts.note ? { label: 'Parecer do técnico', text: facts.note } : undefined;
  const { certificate } = facts;
  if (!certificate)
    return notice({
      to: to.email,
      firstName: to.firstName,
      subject: `Processo reprovado: selo ${facts.sealName}`,
      paragraphs: [
        `O processo de certificação do selo ${facts.sealName} da propriedade ${facts.businessName} foi concluído por ${facts.technicianName} e não foi aprovado.`,
        'Quando tiver corrigido o que foi apontado, você pode fazer uma nova solicitação deste selo.',
      ],
      quote,
      action: { label: 'Ver o processo', url: url.instance(facts.instanceId) },
    });
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject: `Certificado emitido: selo ${facts.sealName}`,
    paragraphs: [
      `Parabéns! O processo de certificação do selo ${facts.sealName} da propriedade ${facts.businessName} foi aprovado por ${facts.technicianName}${certificate.level ? `, com o nível ${SEAL_LEVEL_LABELS[certificate.level]}` : ''}.`,
      `Certificado nº ${certificate.number}, válido de ${brazilianDay(certificate.validFrom)} a ${brazilianDay(certificate.validUntil)}. Qualquer pessoa pode conferir a autenticidade dele na página de verificação, pelo número ou pelo QR code do certificado.`,
    ],
    quote,
    action: { label: 'Ver o certificado', url: url.verification(certificate.number) },
    more: [
      { label: 'Baixar o certificado (PDF)', url: url.pdf(certificate.number) },
      { label: 'Ver o processo', url: url.instance(facts.instanceId) },
    ],
  });
}

/** One form instance a reminder names. */
export interface DueForm {
  instanceId: string;
  formInstanceId: string;
  formName: string;
  sealName: string;
  businessName: string;
  deadline: string;
  kind: 'due_soon' | 'overdue';
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

function dueLine(form: DueForm, today: string): string {
  const day = brazilianDay(form.deadline);
  if (form.kind === 'overdue') return `venceu em ${day}`;
  const days = daysBetween(today, form.deadline);
  if (days === 0) return `vence hoje, ${day}`;
  return `vence em ${day} (${days === 1 ? 'amanhã' : `em ${days} dias`})`;
}

/** The day's reminder to one producer: every form newly near or past its deadline. */
export function deadlineReminderEmail(
  to: Recipient,
  forms: readonly DueForm[],
  today: string,
  publicUrl: string,
): MailMessage {
  const url = links(publicUrl);
  const overdue = forms.some((form) => form.kind === 'overdue');
  const describe = (form: DueForm) =>
    `${form.formName} — selo ${form.sealName}, propriedade ${form.businessName}: ${dueLine(form, today)}`;
  const intro =
    forms.length === 1
      ? 'Este formulário da certificação ainda não foi finalizado:'
      : 'Estes formulários da certificação ainda não foram finalizados:';
  const closing =
    'Preencha e finalize cada um pela página do formulário. Se o prazo já passou, fale com o técnico responsável pelo processo.';
  const text = [
    `Olá, ${to.firstName}!`,
    '',
    intro,
    ...forms.flatMap((form) => [
      '',
      `- ${describe(form)}`,
      `  ${url.formInstance(form.instanceId, form.formInstanceId)}`,
    ]),
    '',
    closing,
    '',
    SIGNATURE,
  ].join('\n');
  const items = forms
    .map(
      (form) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(url.formInstance(form.instanceId, form.formInstanceId))}">${escapeHtml(form.formName)}</a> — selo ${escapeHtml(form.sealName)}, propriedade ${escapeHtml(form.businessName)}: <strong>${escapeHtml(dueLine(form, today))}</strong></li>`,
    )
    .join('');
  const html = emailLayout([
    `Olá, ${escapeHtml(to.firstName)}!`,
    escapeHtml(intro),
    { block: `<ul style="margin:0 0 16px;padding-left:20px">${items}</ul>` },
    escapeHtml(closing),
  ]);
  return {
    to: to.email,
    subject: overdue
      ? 'Formulários com prazo vencido no AgroSelo'
      : 'Prazo de formulários terminando no AgroSelo',
    text,
    html,
  };
}
