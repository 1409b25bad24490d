import type { RenewalOf, RenewalOffer } from '@agroselo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { certificates, processes, processInstances } from '../../db/schema';
import { saoPauloToday } from '../certificates/status';

/** The next season of an instance's seal, as `renewalOfferJson` finds it. */
export interface RenewalOfferJson {
  process_id: string;
  safra: string;
  start_date: string;
  end_date: string;
}

/**
 * The released next season of a certified instance's process (certificate standing valid) that
 * no renewal of it has asked for yet: the rows of `processes n` a renewal offer reads.
 */
const nextSeasonToRenew = (instanceId: SQL, processId: SQL) => sql`
  from ${processes} n
  where n.previous_process_id = ${processId} and n.released
    and exists (
      select 1 from ${certificates} rc
      where rc.process_instance_id = ${instanceId} and rc.standing = 'valid')
    and not exists (
      select 1 from ${processInstances} rn
      where rn.renewal_of_id = ${instanceId} and not rn.rejected)`;

/**
 * That next season as one json column, null without one. The request window is checked by
 * `renewalOffer`, against today in São Paulo.
 */
export const renewalOfferJson = (instanceId: SQL, processId: SQL) => sql<RenewalOfferJson | null>`(
  select json_build_object(
    'process_id', n.id, 'safra', n.safra, 'start_date', n.start_date, 'end_date', n.end_date)
  ${nextSeasonToRenew(instanceId, processId)}
)`;

/**
 * `renewalOffer` written by PostgreSQL, for json a statement builds: the wire's offer, or null.
 * `isOwner` tells whether the caller owns the property; `today` is São Paulo's day, a parameter
 * JavaScript gives (saoPauloToday), never the database's clock.
 */
export const renewalOfferSql = (
  instanceId: SQL,
  processId: SQL,
  isOwner: SQL,
  today: SQL,
) => sql<RenewalOffer | null>`(
  select json_build_object('process_id', n.id, 'safra', n.safra)
  ${nextSeasonToRenew(instanceId, processId)}
    and ${isOwner} and ${today} between n.start_date and n.end_date
)`;

/** The offer the owner sees: only while the next season takes requests. */
export function renewalOffer(
  json: RenewalOfferJson | null,
  isOwner: boolean,
  today = saoPauloToday(),
): RenewalOffer | null {
  if (!json || !isOwner) return null;
  if (today < json.start_date || today > json.end_date) return null;
  return { process_id: json.process_id, safra: json.safra };
}

/** The previous season's instance a renewal continues, its safra and certificate number. */
export const renewalOfJson = (renewalOfId: SQL) => sql<RenewalOf | null>`(
  select json_build_object('id', r.id, 'safra', rp.safra, 'certificate_number', rc.number)
  from ${processInstances} r
  join ${processes} rp on rp.id = r.process_id
  left join ${certificates} rc on rc.process_instance_id = r.id
  where r.id = ${renewalOfId}
)`;
