import type { MailMessage } from '../../lib/mailer';
import { brazilianDay } from '../certificates/status';
import { links, notice, type InstanceFacts } from '../certificates/emails';

interface Recipient {
  email: string;
  firstName: string;
}

/** To the producer: a pendência to correct, with its place, description and due date. */
export function pendencyOpenedEmail(
  to: Recipient,
  facts: InstanceFacts & { where: string; description: string; dueDate: string; by: string },
  publicUrl: string,
): MailMessage {
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject: `Pendência aberta: selo ${facts.sealName}`,
    paragraphs: [
      `${facts.by} abriu uma pendência no processo do selo ${facts.sealName} da propriedade ${facts.businessName}, em "${facts.where}".`,
      `Corrija o que foi apontado e responda à pendência até ${brazilianDay(facts.dueDate)}.`,
    ],
    quote: { label: 'Pendência', text: facts.description },
    action: { label: 'Ver a pendência', url: links(publicUrl).instance(facts.instanceId) },
  });
}

/** To the assigned technician: the producer answered a pendência. */
export function pendencyAnsweredEmail(
  to: Recipient,
  facts: InstanceFacts & { where: string; answer: string; by: string },
  publicUrl: string,
): MailMessage {
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject: `Pendência respondida: ${facts.businessName}`,
    paragraphs: [
      `${facts.by} respondeu à pendência em "${facts.where}" do processo do selo ${facts.sealName} da propriedade ${facts.businessName} (${facts.municipality}).`,
      'Revise a correção e resolva a pendência, ou reabra-a dizendo o que ainda falta.',
    ],
    quote: { label: 'Resposta', text: facts.answer },
    action: { label: 'Revisar a pendência', url: links(publicUrl).instance(facts.instanceId) },
  });
}
