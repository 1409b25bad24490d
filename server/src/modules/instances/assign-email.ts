import type { MailMessage } from '../../lib/mailer';
import { links, notice } from '../certificates/emails';

interface AssignedInstance {
  id: string;
  businessName: string;
  seal: string;
  /** Already evaluated: the technician takes it over; else the technician evaluates it. */
  evaluated: boolean;
}

/** To the technician: an admin assigned requests to them, listed with a link to each. */
export function assignmentEmail(
  to: { email: string; firstName: string },
  instances: readonly AssignedInstance[],
  adminName: string,
  publicUrl: string,
): MailMessage {
  const first = instances[0]!;
  const toEvaluate = instances.filter((instance) => !instance.evaluated).length;
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject:
      instances.length === 1
        ? `Processo atribuído a você: ${first.businessName} (${first.seal})`
        : `${instances.length} processos atribuídos a você`,
    paragraphs: [
      instances.length === 1
        ? `${adminName} atribuiu a você o processo do selo ${first.seal} da propriedade ${first.businessName}.`
        : `${adminName} atribuiu a você ${instances.length} processos:`,
      ...(instances.length === 1
        ? []
        : instances.map((instance) => `• ${instance.businessName} (${instance.seal})`)),
      toEvaluate > 0
        ? 'As solicitações ainda não avaliadas aguardam a sua avaliação; as demais passam a ter você como técnico responsável.'
        : 'Você passa a ser o técnico responsável até a conclusão.',
    ],
    action:
      instances.length === 1
        ? { label: 'Abrir o processo', url: links(publicUrl).instance(first.id) }
        : { label: 'Ver as atribuídas a mim', url: `${publicUrl}/pendings?atribuidas=minhas` },
  });
}
