import { and, asc, eq, isNotNull, lte, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formInstanceReminders,
  formInstances as fi,
  processInstances as i,
  properties,
  stamps,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DailyJob } from '../../lib/jobs';
import { deadlineReminderEmail, type DueForm } from './emails';
import { saoPauloToday } from './status';

/** A form is 'due soon' from this many days before its deadline. */
export const REMINDER_DAYS_AHEAD = 3;

const owner = alias(users, 'owner');

/** `day` plus `days` calendar days (negative goes back). */
export const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Once a day (lib/jobs.ts: one server, one run per day), each producer gets one e-mail naming
 * their unfinished forms of started processes whose deadline is at most 3 days away or has
 * passed. Each form is named once per threshold ('due_soon', then 'overdue'), recorded in
 * form_instance_reminders in the job's transaction, so a rerun or a missed day never mails twice.
 */
export function deadlineRemindersJob(deps: Pick<AppDeps, 'config' | 'mailer'>): DailyJob {
  return {
    name: 'form-deadline-reminders',
    hour: 7,
    async run({ db, now }) {
      const today = saoPauloToday(now);
      const kind = sql<
        DueForm['kind']
      >`case when ${fi.deadline} < ${today}::date then 'overdue' else 'due_soon' end`;
      const due = await db
        .select({
          formInstanceId: fi.id,
          formName: fi.name,
          deadline: sql<string>`${fi.deadline}::text`,
          kind,
          instanceId: i.id,
          sealName: stamps.name,
          businessName: properties.businessName,
          owner: { id: owner.id, email: owner.email, firstName: owner.firstName },
        })
        .from(fi)
        .innerJoin(i, eq(i.id, fi.processInstanceId))
        .innerJoin(properties, eq(properties.id, i.propertyId))
        .innerJoin(owner, eq(owner.id, properties.ownerId))
        .innerJoin(stamps, eq(stamps.processId, i.processId))
        .where(
          and(
            not(fi.commited),
            isNotNull(fi.deadline),
            lte(fi.deadline, addDays(today, REMINDER_DAYS_AHEAD)),
            i.initiated,
            not(i.finished),
            not(i.rejected),
            not(owner.disabled),
            sql`not exists (select 1 from ${formInstanceReminders} r where r.form_instance_id = ${fi.id} and r.kind = ${kind})`,
          ),
        )
        .orderBy(asc(owner.id), asc(fi.deadline), asc(fi.position), asc(fi.id));
      if (due.length === 0) return 'nenhum formulário com prazo a lembrar';

      await db
        .insert(formInstanceReminders)
        .values(
          due.map((form) => ({
            formInstanceId: form.formInstanceId,
            kind: form.kind,
            sentAt: now,
          })),
        )
        .onConflictDoNothing();
      const byOwner = new Map<string, { owner: (typeof due)[number]['owner']; forms: DueForm[] }>();
      for (const form of due) {
        const entry = byOwner.get(form.owner.id) ?? { owner: form.owner, forms: [] };
        entry.forms.push(form);
        byOwner.set(form.owner.id, entry);
      }
      await deps.mailer.enqueueMany(
        db,
        [...byOwner.values()].map((entry) =>
          deadlineReminderEmail(entry.owner, entry.forms, today, deps.config.PUBLIC_URL),
        ),
      );
      return `${due.length} lembretes de prazo para ${byOwner.size} produtores`;
    },
  };
}
