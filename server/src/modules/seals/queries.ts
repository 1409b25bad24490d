import { messages } from '@agroselo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { formFields, forms, processes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';

/** Drafts (Rascunho) exist for admins only; everyone else sees released processes. */
export const seesDrafts = (caller: Caller | null) => caller?.role === 'admin';

export const visibleTo = (caller: Caller | null) =>
  seesDrafts(caller) ? undefined : eq(processes.released, true);

/**
 * `table.column` always qualified: Drizzle leaves columns unqualified in a one-table select, and
 * inside a correlated subquery an unqualified name would bind to the inner table.
 */
export const outer = (table: string, column: string) =>
  sql`${sql.identifier(table)}.${sql.identifier(column)}`;

export const formsCount =
  sql<number>`(select count(*) from ${forms} f where f.process_id = ${outer('processes', 'id')})`.mapWith(
    Number,
  );

export const fieldsCount =
  sql<number>`(select count(*) from ${formFields} ff where ff.form_id = ${outer('forms', 'id')})`.mapWith(
    Number,
  );

/** The process if the caller may see it; 404 otherwise, so a draft's existence stays hidden. */
export async function findProcess(
  db: Db,
  caller: Caller | null,
  processId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(processes)
    .where(and(eq(processes.id, processId), visibleTo(caller)));
  // Locking serialises the writes that check the process's forms or documents first.
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound(messages.seals.processNotFound);
  return row;
}

/**
 * A form of the given process (ids of another process's form answer 404); locked, it serialises
 * the writes that check its fields' rules first.
 */
export async function findForm(
  db: Db,
  processId: string,
  formId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.processId, processId)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound(messages.seals.formNotFound);
  return row;
}
