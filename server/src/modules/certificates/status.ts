import {
  toSaoPauloDay,
  type CertificateStanding,
  type CertificateStatus,
} from '@agroselo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { certificates } from '../../db/schema';

/** Today in São Paulo, where the seals' validity days are counted. */
export const saoPauloToday = (now = new Date()): string => toSaoPauloDay(now.toISOString())!;

/**
 * São Paulo's day in a prepared statement: the value `today`, which JavaScript gives
 * (saoPauloToday), never the database's clock, so that a test fixing the clock fixes it too.
 */
export const todayParameter: SQL = sql`${sql.placeholder('today')}::date`;

/**
 * Where a certificate stands on `today`; both ends are days of validity. A suspension or a
 * revocation wins over the dates.
 */
export function certificateStatus(
  validity: { validFrom: string; validUntil: string; standing?: CertificateStanding },
  today: string = saoPauloToday(),
): CertificateStatus {
  if (validity.standing && validity.standing !== 'valid') return validity.standing;
  if (today < validity.validFrom) return 'upcoming';
  if (today > validity.validUntil) return 'expired';
  return 'valid';
}

/**
 * `certificateStatus` written by PostgreSQL, for json a statement builds. `today` is a parameter
 * given São Paulo's day by JavaScript (saoPauloToday), never the database's clock, so both agree.
 */
export const certificateStatusSql = (c: typeof certificates, today: SQL): SQL<CertificateStatus> =>
  sql`case when ${c.standing} <> 'valid' then ${c.standing}
    when ${today} < ${c.validFrom} then 'upcoming'
    when ${today} > ${c.validUntil} then 'expired'
    else 'valid' end`;

/** `YYYY-MM-DD` as Brazilians write it. */
export const brazilianDay = (day: string): string => day.split('-').reverse().join('/');
