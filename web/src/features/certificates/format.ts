import {
  messages,
  STANDING_REASON_LABELS,
  type CertificateStatus,
  type StandingReason,
} from '@agroselo/contracts';
import { formatDay, formatMomentDay } from '../../lib/dates';

const m = messages.certificates;

export const STATUS_TITLES: Record<CertificateStatus, string> = {
  valid: m.statusValid,
  upcoming: m.statusUpcoming,
  expired: m.statusExpired,
  suspended: messages.standing.statusSuspended,
  revoked: messages.standing.statusRevoked,
};

export const STATUS_COLORS: Record<CertificateStatus, string> = {
  valid: 'leaf',
  upcoming: 'yellow',
  expired: 'red',
  suspended: 'orange',
  revoked: 'red',
};

/** One line on what the status means for whoever holds the product. */
export function statusExplanation(certificate: {
  status: CertificateStatus;
  validFrom: string;
  validUntil: string;
  standing: { reason: StandingReason; changedAt: string } | null;
}): string {
  const since = certificate.standing
    ? `em ${formatMomentDay(certificate.standing.changedAt)}. Motivo: ${STANDING_REASON_LABELS[certificate.standing.reason]}.`
    : '';
  switch (certificate.status) {
    case 'valid':
      return `Selo concedido pelo AgroSelo e dentro da validade, até ${formatDay(certificate.validUntil)}.`;
    case 'upcoming':
      return `Selo concedido pelo AgroSelo; a validade começa em ${formatDay(certificate.validFrom)}.`;
    case 'expired':
      return `A validade deste certificado terminou em ${formatDay(certificate.validUntil)}: o selo não vale mais para esta propriedade.`;
    case 'suspended':
      return `O selo desta propriedade foi suspenso pelo AgroSelo ${since}`;
    case 'revoked':
      return `O selo desta propriedade foi cancelado pelo AgroSelo ${since}`;
  }
}
