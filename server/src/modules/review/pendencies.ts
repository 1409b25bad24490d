import {
  messages,
  PENDENCY_STATUS_LABELS,
  PRODUCER_ROLES,
  type Pendency,
  type PendencyAnswerInput,
  type PendencyMoveInput,
  type PendencyStatus,
  type PendencyCreateInput,
  type PendencyEventType,
  type PendencyListQuery,
} from '@agroselo/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { recordAnswer } from '../../db/commit-hook';
import {
  fieldInstances,
  fields,
  formInstances,
  pendencies,
  pendencyEvents,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { invalidField, notFound, StateConflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFrom, type Page } from '../../lib/pagination';
import type { Caller } from '../../plugins/auth';
import { deliverMail, instanceFacts } from '../certificates/notify';
import { brazilianDay, saoPauloToday } from '../certificates/status';
import { instanceNow } from '../instances/detail';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';
import {
  readableBy,
  refuseUnlessUnderReview,
  reviewableBy,
  reviewTarget,
  type ReviewTarget,
} from './access';
import { pendencyAnsweredEmail, pendencyOpenedEmail } from './emails';
import { presentPendency } from './present';
import { selectPendencies } from './queries';

const m = messages.review;
const pd = pendencies;
const technician = alias(users, 'technician');

async function readPendency(db: Db, pendencyId: string): Promise<Pendency> {
  const [row] = await selectPendencies(db, eq(pd.id, pendencyId));
  if (!row) throw notFound(m.pendencyNotFound);
  return presentPendency(row, saoPauloToday());
}

async function addPendencyEvent(
  tx: Db,
  pendencyId: string,
  actorId: string,
  type: PendencyEventType,
  text: string,
): Promise<void> {
  await tx.insert(pendencyEvents).values({ id: newId(), pendencyId, type, text, actorId });
}

/** The form instance of this process instance, and the field of it when one is named (422). */
async function placeOf(tx: Db, instanceId: string, body: PendencyCreateInput) {
  const [form] = await tx
    .select({ id: formInstances.id, name: formInstances.name })
    .from(formInstances)
    .where(
      and(
        eq(formInstances.id, body.form_instance_id),
        eq(formInstances.processInstanceId, instanceId),
      ),
    );
  if (!form) throw invalidField('form_instance_id', m.formNotInInstance);
  if (!body.field_instance_id) return { form, field: null };
  const [field] = await tx
    .select({ id: fieldInstances.id, name: fields.name })
    .from(fieldInstances)
    .innerJoin(fields, eq(fields.id, fieldInstances.fieldId))
    .where(
      and(
        eq(fieldInstances.id, body.field_instance_id),
        eq(fieldInstances.formInstanceId, form.id),
        isNull(fieldInstances.parentFieldInstanceId),
      ),
    );
  if (!field) throw invalidField('field_instance_id', m.fieldNotInForm);
  return { form, field };
}

/**
 * POST /api/process-instance/{id}/pendencies: the assigned technician or an admin opens a
 * pendência on a started instance; a finished form reopens for that field only (forms/service.ts).
 * The producer is told by e-mail.
 */
export async function openPendency(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  body: PendencyCreateInput,
): Promise<Pendency> {
  const id = newId();
  const pendency = await deps.db.transaction(async (tx) => {
    const target = reviewableBy(caller, await reviewTarget(tx, instanceId, { lock: true }));
    refuseUnlessUnderReview(target, m.pendencyNotAllowed, instanceNow(deps.db, caller, instanceId));
    if (body.due_date < saoPauloToday()) throw invalidField('due_date', m.dueDateInPast);
    const { form, field } = await placeOf(tx, instanceId, body);
    await tx.insert(pd).values({
      id,
      processInstanceId: instanceId,
      formInstanceId: form.id,
      fieldInstanceId: field?.id ?? null,
      description: body.description,
      dueDate: body.due_date,
      createdBy: caller.id,
    });
    await addPendencyEvent(tx, id, caller.id, 'opened', body.description);
    const where = m.where(form.name, field?.name ?? null);
    const name = fullName(caller);
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: 'pendency_opened',
      message: m.eventPendencyOpened(name, where, body.description, brazilianDay(body.due_date)),
      data: { pendency: id },
    });
    const facts = await instanceFacts(tx, instanceId);
    if (!facts.owner.disabled)
      await deps.mailer.enqueue(
        tx,
        pendencyOpenedEmail(
          facts.owner,
          { ...facts, where, description: body.description, dueDate: body.due_date, by: name },
          deps.config.PUBLIC_URL,
        ),
      );
    return recordAnswer(await readPendency(tx, id));
  });
  deliverMail(deps);
  return pendency;
}

/** GET /api/process-instance/{id}/pendencies: oldest first, with their history. */
export async function listPendencies(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  query: PendencyListQuery,
): Promise<Page<Pendency>> {
  readableBy(caller, await reviewTarget(deps.db, instanceId, { lock: false }));
  const where = eq(pd.processInstanceId, instanceId);
  const rows = await selectPendencies(deps.db, where, query);
  const today = saoPauloToday();
  return pageFrom(rows, (row) => presentPendency(row, today), {
    offset: query.offset,
    countPastEnd: async () => deps.db.$count(pd, where),
  });
}

/** The pendência, its instance locked for the transaction, with what the rules need. */
async function lockPendency(tx: Db, pendencyId: string) {
  const [row] = await tx
    .select({
      id: pd.id,
      instanceId: pd.processInstanceId,
      status: pd.status,
      formName: formInstances.name,
      fieldName: fields.name,
    })
    .from(pd)
    .innerJoin(formInstances, eq(formInstances.id, pd.formInstanceId))
    .leftJoin(fieldInstances, eq(fieldInstances.id, pd.fieldInstanceId))
    .leftJoin(fields, eq(fields.id, fieldInstances.fieldId))
    .where(eq(pd.id, pendencyId));
  if (!row) return null;
  const target = await reviewTarget(tx, row.instanceId, { lock: true });
  const [current] = await tx
    .select({ status: pd.status })
    .from(pd)
    .where(eq(pd.id, pendencyId))
    .for('update');
  return target && current ? { ...row, status: current.status, target } : null;
}

type LockedPendency = NonNullable<Awaited<ReturnType<typeof lockPendency>>>;

async function changeStatus(
  tx: Db,
  caller: Caller,
  pendency: LockedPendency,
  change: {
    status: 'open' | 'answered' | 'resolved';
    answer?: string;
    event: PendencyEventType;
    text: string;
    instanceEvent: 'pendency_answered' | 'pendency_resolved' | 'pendency_reopened';
    message: (name: string, where: string, text: string) => string;
  },
): Promise<string> {
  await tx
    .update(pd)
    .set({
      status: change.status,
      ...(change.answer !== undefined ? { answer: change.answer } : {}),
      updatedAt: new Date(),
    })
    .where(eq(pd.id, pendency.id));
  await addPendencyEvent(tx, pendency.id, caller.id, change.event, change.text);
  const where = m.where(pendency.formName, pendency.fieldName);
  await recordEvent(tx, {
    instanceId: pendency.instanceId,
    actorId: caller.id,
    type: change.instanceEvent,
    message: change.message(fullName(caller), where, change.text),
    data: { pendency: pendency.id },
  });
  return where;
}

/** A producer's pendência: of their own property (404 otherwise, so it is not revealed). */
function ownedBy(caller: Caller, pendency: LockedPendency | null): LockedPendency {
  if (!pendency || !PRODUCER_ROLES.includes(caller.role) || pendency.target.ownerId !== caller.id)
    throw notFound(m.pendencyNotFound);
  return pendency;
}

/** The assigned technician's address, to tell them of an answer; null without one. */
async function technicianOf(tx: Db, target: ReviewTarget) {
  if (!target.technicianId) return null;
  const [row] = await tx
    .select({
      email: technician.email,
      firstName: technician.firstName,
      disabled: technician.disabled,
    })
    .from(technician)
    .where(eq(technician.id, target.technicianId));
  return row && !row.disabled ? row : null;
}

/** The pendência as an item of GET …/pendencies, read when asked: the `current` of a 409. */
const pendencyNow = (deps: AppDeps, pendencyId: string) => () => readPendency(deps.db, pendencyId);

/** 409 with the pendência as it is now (DESIGN §4c). */
const stale = (deps: AppDeps, pendency: LockedPendency, message: string) =>
  new StateConflict(message, 'pendency', pendencyNow(deps, pendency.id));

/**
 * A change made on the pendência seen in `expected` (a queued change of the outbox) is refused
 * once the pendência has moved on: a resolve made offline never overrides a reopen made meanwhile.
 */
function refuseIfMoved(
  deps: AppDeps,
  pendency: LockedPendency,
  expected: PendencyStatus | undefined,
): void {
  if (expected !== undefined && pendency.status !== expected)
    throw stale(deps, pendency, m.pendencyChanged(PENDENCY_STATUS_LABELS[pendency.status]));
}

/** PUT /api/pendency/{id}/answer: the owner answers an open pendência; it becomes 'answered'. */
export async function answerPendency(
  deps: AppDeps,
  caller: Caller,
  pendencyId: string,
  body: PendencyAnswerInput,
): Promise<Pendency> {
  const { answer } = body;
  const answered = await deps.db.transaction(async (tx) => {
    const pendency = ownedBy(caller, await lockPendency(tx, pendencyId));
    refuseUnlessUnderReview(
      pendency.target,
      messages.instances.finished,
      instanceNow(deps.db, caller, pendency.instanceId),
    );
    refuseIfMoved(deps, pendency, body.expected_status);
    if (pendency.status !== 'open') throw stale(deps, pendency, m.pendencyNotOpen);
    const where = await changeStatus(tx, caller, pendency, {
      status: 'answered',
      answer,
      event: 'answered',
      text: answer,
      instanceEvent: 'pendency_answered',
      message: m.eventPendencyAnswered,
    });
    const to = await technicianOf(tx, pendency.target);
    if (to) {
      const facts = await instanceFacts(tx, pendency.instanceId);
      await deps.mailer.enqueue(
        tx,
        pendencyAnsweredEmail(
          to,
          { ...facts, where, answer, by: fullName(caller) },
          deps.config.PUBLIC_URL,
        ),
      );
    }
    return recordAnswer(await readPendency(tx, pendencyId));
  });
  deliverMail(deps);
  return answered;
}

/**
 * The pendência for its reviewer: 404 when missing, 403 for anyone but them (access.ts), 409 on
 * an instance no longer under review or a pendência moved on since it was seen.
 */
async function lockForReview(
  deps: AppDeps,
  tx: Db,
  caller: Caller,
  pendencyId: string,
  expected: PendencyStatus | undefined,
) {
  const pendency = await lockPendency(tx, pendencyId);
  if (!pendency) throw notFound(m.pendencyNotFound);
  reviewableBy(caller, pendency.target);
  refuseUnlessUnderReview(
    pendency.target,
    messages.instances.finished,
    instanceNow(deps.db, caller, pendency.instanceId),
  );
  refuseIfMoved(deps, pendency, expected);
  return pendency;
}

/** PUT /api/pendency/{id}/resolve: open or answered → resolved, with an optional note. */
export async function resolvePendency(
  deps: AppDeps,
  caller: Caller,
  pendencyId: string,
  body: PendencyMoveInput,
): Promise<Pendency> {
  return deps.db.transaction(async (tx) => {
    const pendency = await lockForReview(deps, tx, caller, pendencyId, body.expected_status);
    if (pendency.status === 'resolved') throw stale(deps, pendency, m.pendencyAlreadyResolved);
    await changeStatus(tx, caller, pendency, {
      status: 'resolved',
      event: 'resolved',
      text: body.note,
      instanceEvent: 'pendency_resolved',
      message: m.eventPendencyResolved,
    });
    return recordAnswer(await readPendency(tx, pendencyId));
  });
}

/** PUT /api/pendency/{id}/reopen: answered or resolved → open, saying what is still wrong. */
export async function reopenPendency(
  deps: AppDeps,
  caller: Caller,
  pendencyId: string,
  body: PendencyMoveInput,
): Promise<Pendency> {
  return deps.db.transaction(async (tx) => {
    const pendency = await lockForReview(deps, tx, caller, pendencyId, body.expected_status);
    if (pendency.status === 'open') throw stale(deps, pendency, m.pendencyAlreadyOpen);
    await changeStatus(tx, caller, pendency, {
      status: 'open',
      event: 'reopened',
      text: body.note,
      instanceEvent: 'pendency_reopened',
      message: m.eventPendencyReopened,
    });
    return recordAnswer(await readPendency(tx, pendencyId));
  });
}

/** An open or answered pendência as the 409 of a conclusion names it. */
export interface UnresolvedJson {
  form: string;
  field: string | null;
  description: string;
}

/** The open and answered pendências of `instanceId` (an SQL expression), oldest first. */
export const unresolvedPendencies = (instanceId: SQL) => sql<UnresolvedJson[]>`(
  select coalesce(json_agg(json_build_object(
    'form', fi.name, 'field', d.name, 'description', p.description
  ) order by p.created_at, p.id), '[]'::json)
  from ${pendencies} p
  join ${formInstances} fi on fi.id = p.form_instance_id
  left join ${fieldInstances} f on f.id = p.field_instance_id
  left join ${fields} d on d.id = f.field_id
  where p.process_instance_id = ${instanceId} and p.status <> 'resolved')`;

/** 'Há pendências abertas ou respondidas: Formulário — Campo: descrição; …' */
export const unresolvedMessage = (items: readonly UnresolvedJson[]) =>
  m.openPendencies(items.map((item) => `${m.where(item.form, item.field)}: ${item.description}`));
