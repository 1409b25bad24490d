import { STANDING_REASON_LABELS, type StandingReason } from '@agroselo/contracts';
import type { MailMessage } from '../../lib/mailer';
import { links, notice, type InstanceFacts } from './emails';
import type { StandingChange } from './standing';

/** To the producer: an admin suspended, revoked or reinstated their certificate. */
export function standingChangedEmail(
  to: { email: string; firstName: string },
  facts: InstanceFacts & {
    change: StandingChange;
    number: string;
    reason: StandingReason | null;
    note: string | null;
  },
  publicUrl: string,
): MailMessage {
  const url = links(publicUrl);
  const subject = {
    suspend: `Certificado suspenso: selo ${facts.sealName}`,
    revoke: `Certificado cancelado: selo ${facts.sealName}`,
    reinstate: `Certificado reativado: selo ${facts.sealName}`,
  }[facts.change];
  const what = {
    suspend: 'foi suspenso',
    revoke: 'foi cancelado',
    reinstate: 'foi reativado e voltou a valer',
  }[facts.change];
  const next = {
    suspend:
      'Enquanto estiver suspenso, a verificação pública mostra o certificado como suspenso e a propriedade não aparece na lista de detentores do selo. Fale com a equipe do selo para regularizar a situação.',
    revoke:
      'O cancelamento é definitivo: a verificação pública mostra o certificado como cancelado. Para voltar a ter o selo, faça uma nova solicitação.',
    reinstate: 'A verificação pública volta a mostrar o certificado como válido.',
  }[facts.change];
  return notice({
    to: to.email,
    firstName: to.firstName,
    subject,
    paragraphs: [
      `O certificado nº ${facts.number} do selo ${facts.sealName} da propriedade ${facts.businessName} ${what}${facts.reason ? `. Motivo: ${STANDING_REASON_LABELS[facts.reason]}` : ''}.`,
      next,
    ],
    quote: facts.note ? { label: 'Observação da equipe', text: facts.note } : undefined,
    action: { label: 'Ver o processo', url: url.instance(facts.instanceId) },
    more: [{ label: 'Ver a verificação pública', url: url.verification(facts.number) }],
  });
}
