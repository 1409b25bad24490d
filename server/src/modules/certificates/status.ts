import { toSaoPauloDay, type CertificateStatus } from '@agroselo/contracts';

/** Today in São Paulo, where the seals' validity days are counted. */
export const saoPauloToday = (now = new Date()): string => toSaoPauloDay(now.toISOString())!;

/** Where a validity stands on `today`; both ends are days of validity. */
export function certificateStatus(
  validity: { validFrom: string; validUntil: string },
  today: string = saoPauloToday(),
): CertificateStatus {
  if (today < validity.validFrom) return 'upcoming';
  if (today > validity.validUntil) return 'expired';
  return 'valid';
}

/** `YYYY-MM-DD` as Brazilians write it. */
export const brazilianDay = (day: string): string => day.split('-').reverse().join('/');
