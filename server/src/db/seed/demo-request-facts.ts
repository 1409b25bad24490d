import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * The facts a request records since the safras (DESIGN §4b), for every demo request: a rice area
 * that is the same on every seed (from the property's name), and publication consent for the
 * certified ones, so the reports and the public registry have something to show.
 */
export async function seedRequestFacts(db: Db, consentAt: Date): Promise<void> {
  await db.execute(sql`
    with certified as (select process_instance_id as id from certificates)
    update process_instances pi
       set rice_area_ha = (60 + abs(hashtext(p.business_name)) % 540) + 0.5,
           publish_consent = pi.id in (select id from certified),
           publish_consent_at = case
             when pi.id in (select id from certified) then ${consentAt.toISOString()}::timestamptz
           end
      from properties p
     where p.id = pi.property_id
  `);
}
