import type { ExpiryAlertKind } from '@agroselo/contracts';
import type { MailMessage } from '../../lib/mailer';
import { links, notice } from './emails';
import { brazilianDay } from './status';

/** A licence or certificate the expiry alerts job tells its owner about. */
export interface ExpiringDocument {
  kind: ExpiryAlertKind;
  subjectId: string;
  expiresOn: string;
  daysBefore: number;
  propertyId: string;
  businessName: string;
  owner: { email: string; firstName: string };
  /** Certificates only. */
  number?: string;
  sealName?: string;
  instanceId?: string;
}

export const LICENCE_NAMES: Record<Exclude<ExpiryAlertKind, 'certificate'>, string> = {
  farming_lo: 'LO de irrigação',
  drying_lo: 'LO da unidade de armazenamento',
};

/** 'vence em 12/01/2027 (em 30 dias)', 'vence hoje, 12/01/2027' or 'venceu em 12/01/2027'. */
function when(expiresOn: string, today: string): string {
  const day = brazilianDay(expiresOn);
  if (expiresOn < today) return `venceu em ${day}`;
  if (expiresOn === today) return `vence hoje, ${day}`;
  const days = Math.round(
    (Date.parse(`${expiresOn}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000,
  );
  return `vence em ${day} (${days === 1 ? 'amanhã' : `em ${days} dias`})`;
}

/** To the owner: a licence of the property or a certificate is about to end (or ended). */
export function expiryAlertEmail(
  alert: ExpiringDocument,
  today: string,
  publicUrl: string,
): MailMessage {
  const to = { to: alert.owner.email, firstName: alert.owner.firstName };
  if (alert.kind === 'certificate')
    return notice({
      ...to,
      subject: `Certificado terminando: selo ${alert.sealName} da ${alert.businessName}`,
      paragraphs: [
        `O certificado nº ${alert.number} do selo ${alert.sealName} da propriedade ${alert.businessName} ${when(alert.expiresOn, today)}.`,
        'Para manter o selo na próxima safra, faça a renovação pela página do processo assim que ela estiver aberta.',
      ],
      action: { label: 'Ver o processo', url: links(publicUrl).instance(alert.instanceId!) },
    });
  const licence = LICENCE_NAMES[alert.kind];
  return notice({
    ...to,
    subject: `A ${licence} da ${alert.businessName} ${when(alert.expiresOn, today)}`,
    paragraphs: [
      `A ${licence} da propriedade ${alert.businessName} ${when(alert.expiresOn, today)}.`,
      'Renove a licença no órgão ambiental e atualize a nova validade no cadastro da propriedade: sem a licença em dia, o selo pode ser suspenso.',
    ],
    action: {
      label: 'Atualizar a propriedade',
      url: `${publicUrl}/edit-property/${alert.propertyId}`,
    },
  });
}
