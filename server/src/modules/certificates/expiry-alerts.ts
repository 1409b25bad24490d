import {
  CERTIFICATE_ALERT_DAYS,
  LICENCE_ALERT_DAYS,
  type ExpiryAlertKind,
} from '@agroselo/contracts';
import { and, asc, eq, gte, lte, not, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  certificates as c,
  expiryAlerts,
  processInstances as i,
  properties,
  stamps,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DailyJob } from '../../lib/jobs';
import { addDays } from './reminders';
import { expiryAlertEmail, type ExpiringDocument } from './expiry-emails';
import { publicCertificate } from './standing';
import { saoPauloToday } from './status';

/** After its day, an expired licence is still told about (once) for this long: a missed run. */
export const LICENCE_GRACE_DAYS = 7;

/**
 * The one threshold to send on `today` for a document expiring on `expiresOn`: the nearest one
 * already reached (so a missed day sends the 30-day alert, never the 60-day one after it), or
 * null outside the alert window.
 */
export function dueThreshold(
  expiresOn: string,
  today: string,
  thresholds: readonly number[],
  graceDays = 0,
): number | null {
  if (today > addDays(expiresOn, graceDays)) return null;
  const reached = thresholds.filter((days) => addDays(expiresOn, -days) <= today);
  return reached.length === 0 ? null : Math.min(...reached);
}

const owner = alias(users, 'owner');

/**
 * Once a day (lib/jobs.ts: one server, one run per day), each owner is told by e-mail when a
 * licence of a property (the farming and the drying/stock LO) reaches 60, 30 and 7 days before
 * its validity and its day, and when a certificate standing valid reaches 30 days before its end.
 * Each alert is a row of expiry_alerts inserted with ON CONFLICT DO NOTHING in the job's
 * transaction, and its e-mail is queued only when the row was new: a rerun, a restart or a second
 * server never sends it twice.
 */
export function expiryAlertsJob(deps: Pick<AppDeps, 'config' | 'mailer'>): DailyJob {
  return {
    name: 'expiry-alerts',
    hour: 7,
    async run({ db, now }) {
      const today = saoPauloToday(now);
      const licenceFrom = addDays(today, -LICENCE_GRACE_DAYS);
      const licenceUntil = addDays(today, Math.max(...LICENCE_ALERT_DAYS));
      const inWindow = (column: AnyColumn) =>
        and(gte(column, licenceFrom), lte(column, licenceUntil));
      const [farms, certified] = await Promise.all([
        db
          .select({
            propertyId: properties.id,
            businessName: properties.businessName,
            farmingLo: properties.farmingLoValidity,
            dryingLo: properties.dryingAndStockLoValidity,
            owner: { email: owner.email, firstName: owner.firstName },
          })
          .from(properties)
          .innerJoin(owner, eq(owner.id, properties.ownerId))
          .where(
            and(
              not(owner.disabled),
              sql`(${inWindow(properties.farmingLoValidity)} or ${inWindow(properties.dryingAndStockLoValidity)})`,
            ),
          )
          // One order on every server: two runs at once insert the same keys in the same order.
          .orderBy(asc(properties.id)),
        db
          .select({
            certificateId: c.id,
            number: c.number,
            validUntil: c.validUntil,
            instanceId: i.id,
            sealName: stamps.name,
            propertyId: properties.id,
            businessName: properties.businessName,
            owner: { email: owner.email, firstName: owner.firstName },
          })
          .from(c)
          .innerJoin(i, eq(i.id, c.processInstanceId))
          .innerJoin(properties, eq(properties.id, i.propertyId))
          .innerJoin(owner, eq(owner.id, properties.ownerId))
          .innerJoin(stamps, eq(stamps.processId, i.processId))
          .where(
            and(
              not(owner.disabled),
              publicCertificate(c),
              gte(c.validUntil, today),
              lte(c.validUntil, addDays(today, Math.max(...CERTIFICATE_ALERT_DAYS))),
            ),
          )
          .orderBy(asc(c.id)),
      ]);

      const due: ExpiringDocument[] = [];
      const licence = (
        farm: (typeof farms)[number],
        kind: Exclude<ExpiryAlertKind, 'certificate'>,
        expiresOn: string,
      ) => {
        const daysBefore = dueThreshold(expiresOn, today, LICENCE_ALERT_DAYS, LICENCE_GRACE_DAYS);
        if (daysBefore !== null)
          due.push({ ...farm, kind, subjectId: farm.propertyId, expiresOn, daysBefore });
      };
      for (const farm of farms) {
        licence(farm, 'farming_lo', farm.farmingLo);
        licence(farm, 'drying_lo', farm.dryingLo);
      }
      for (const certificate of certified) {
        const daysBefore = dueThreshold(certificate.validUntil, today, CERTIFICATE_ALERT_DAYS);
        if (daysBefore !== null)
          due.push({
            ...certificate,
            kind: 'certificate',
            subjectId: certificate.certificateId,
            expiresOn: certificate.validUntil,
            daysBefore,
          });
      }
      if (due.length === 0) return 'nenhum vencimento a avisar';

      const inserted = await db
        .insert(expiryAlerts)
        .values(
          due.map((alert) => ({
            kind: alert.kind,
            subjectId: alert.subjectId,
            expiresOn: alert.expiresOn,
            daysBefore: alert.daysBefore,
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({
          kind: expiryAlerts.kind,
          subjectId: expiryAlerts.subjectId,
          expiresOn: expiryAlerts.expiresOn,
          daysBefore: expiryAlerts.daysBefore,
        });
      const key = (
        alert: Pick<ExpiringDocument, 'kind' | 'subjectId' | 'expiresOn' | 'daysBefore'>,
      ) => `${alert.kind}:${alert.subjectId}:${alert.expiresOn}:${alert.daysBefore}`;
      const fresh = new Set(inserted.map(key));
      const sending = due.filter((alert) => fresh.has(key(alert)));
      await deps.mailer.enqueueMany(
        db,
        sending.map((alert) => expiryAlertEmail(alert, today, deps.config.PUBLIC_URL)),
      );
      return `${sending.length} avisos de vencimento enviados`;
    },
  };
}
