import { DEFAULT_FIELD_LOGIC, PRODUCER_ROLES, STAFF_ROLES } from '@agroselo/contracts';
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  fieldChildren,
  fieldInstances,
  fields,
  formFields,
  formInstances,
  pendencies,
  processInstances,
  properties,
  proofs,
  users,
} from '../../db/schema';
import { personJson } from '../../lib/people';
import { todayParameter } from '../certificates/status';
import { isoUtc, rawStatement } from '../../lib/raw-statement';
import type { FormState } from './access';
import type { Caller } from '../../plugins/auth';
import {
  FORM_INSTANCE_FIELDS,
  formInstanceRow,
  type FormInstanceField,
  type FormInstanceRow,
} from './present';

const fi = formInstances;
const pi = processInstances;

/** The user joined as `alias`, as the wire gives a person (personJson). */
const person = (alias: string) =>
  personJson({
    id: sql.raw(`${alias}.id`),
    firstName: sql.raw(`${alias}.first_name`),
    lastName: sql.raw(`${alias}.last_name`),
  });

const fieldObject = (alias: string, childFields: SQL) =>
  sql`json_build_object('id', ${sql.raw(alias)}.id, 'name', ${sql.raw(alias)}.name,
    'type', ${sql.raw(alias)}.type, 'producer_read_only', ${sql.raw(alias)}.producer_read_only,
    'proof', ${sql.raw(alias)}.proof, 'unit', ${sql.raw(alias)}.unit,
    'decimals', ${sql.raw(alias)}.decimals, 'child_fields', ${childFields})`;

/**
 * The rules of field instance `f` in its form (form instance `form`): the form's link to the
 * field holds them; a 'Documentos' field has no rule.
 */
const logicOf = (f: string, form: SQL) => sql`coalesce((
  select ff.logic from ${formFields} ff
  where ff.form_id = ${form}.form_id and ff.field_id = ${sql.raw(f)}.field_id),
  ${sql.raw(`'${JSON.stringify(DEFAULT_FIELD_LOGIC)}'::jsonb`)})`;

/**
 * Whether the caller may not change a field now (access.ts `mayWriteField`): `writer` is the
 * form's writer (null, 'producer' or 'staff'), `staff` whether staff fill the field.
 */
const readOnly = (writer: SQL, staff: SQL) =>
  sql`not coalesce((${writer} = 'staff') = (${staff}), false)`;

/** The proof of field instance `owner` (an alias), as the wire's object with its download path. */
const proofOf = (owner: string) => sql`(
  select json_build_object(
    'filename', pr.filename, 'mime', pr.mime, 'size', pr.size, 'sha256', pr.sha256,
    'uploaded_at', ${isoUtc(sql.raw('pr.created_at'))}, 'uploaded_by', ${person('pu')},
    'url', '/api/process-instance/' || ${fi.processInstanceId} || '/form/' || ${fi.id}
      || '/field/' || ${sql.raw(owner)}.id || '/proof')
  from ${proofs} pr left join ${users} pu on pu.id = pr.uploaded_by
  where pr.field_instance_id = ${sql.raw(owner)}.id)`;

/** The keys a field instance `f` shares with a Lista's cell, with its last writer `u`. */
const cellKeys = (f: string, u: string, field: SQL, readOnlyNow: SQL) => sql`
  'id', ${sql.raw(f)}.id, 'content', ${sql.raw(f)}.content, 'version', ${sql.raw(f)}.version,
  'created_at', ${isoUtc(sql.raw(`${f}.created_at`))},
  'updated_at', ${isoUtc(sql.raw(`${f}.updated_at`))},
  'updated_by', ${person(u)}, 'field', ${field},
  'parent_field_instance_id', ${sql.raw(f)}.parent_field_instance_id, 'row_id', ${sql.raw(f)}.row_id,
  'read_only', ${readOnlyNow}, 'proof', ${proofOf(f)}`;

/** A Lista's cells as one comparable text: each (column, content), whatever the rows' order. */
const cellsSignature = (table: string) => sql`(
  select string_agg(s.field_id::text || '=' || coalesce(s.content, ''), '|'
    order by s.field_id, s.content)
  from ${fieldInstances} s where s.parent_field_instance_id = ${sql.raw(table)}.id)`;

/**
 * The answer field instance `f` was pre-filled from (last season's), and whether this season's
 * now differs from it: the content, the Lista's cells, or the proof (by its hash and name).
 */
const lastSeasonOf = sql`(
  select json_build_object(
    'content', lf.content,
    'rows', (select count(distinct lr.row_id) from ${fieldInstances} lr
      where lr.parent_field_instance_id = lf.id),
    'proof_filename', lp.filename,
    'changed', f.content is distinct from lf.content
      or (lp.sha256, lp.filename) is distinct from (tp.sha256, tp.filename)
      or ${cellsSignature('lf')} is distinct from ${cellsSignature('f')})
  from ${fieldInstances} lf
  left join ${proofs} lp on lp.field_instance_id = lf.id
  left join ${proofs} tp on tp.field_instance_id = f.id
  where lf.id = f.carried_from_id)`;

/** A Lista's columns, in order (`[]` for the other types). */
const columnsOf = (field: string) => sql`(
  select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'type', c.type,
    'producer_read_only', c.producer_read_only, 'proof', c.proof, 'unit', c.unit,
    'decimals', c.decimals) order by fc.position, c.id), '[]'::json)
  from ${fieldChildren} fc join ${fields} c on c.id = fc.child_field_id
  where fc.parent_field_id = ${sql.raw(field)}.id)`;

/**
 * Every field instance of the form, in order, as the wire's FieldInstance: its field, last
 * writer, proof and pendência, and for a Lista its columns and its cells row by row (row ids are
 * UUIDv7: creation order). `read_only` and `editable` follow the form's writer `w.writer` (or the
 * producer, on a field a finished form reopens under an open pendência, `fw`).
 */
const fieldInstancesJson = sql`(
  select coalesce(json_agg(json_build_object(
    ${cellKeys('f', 'u', fieldObject('d', columnsOf('d')), readOnly(sql`fw.writer`, sql`d.producer_read_only`))},
    'child_field_instances', (
      select coalesce(json_agg(json_build_object(${cellKeys(
        'cell',
        'cu',
        fieldObject('cd', sql`'[]'::json`),
        readOnly(sql`fw.writer`, sql`d.producer_read_only or cd.producer_read_only`),
      )}) order by cell.row_id, cell.position, cell.id), '[]'::json)
      from ${fieldInstances} cell
      join ${fields} cd on cd.id = cell.field_id
      left join ${users} cu on cu.id = cell.updated_by
      where cell.parent_field_instance_id = f.id),
    'pendency', case when pd.id is null then null else json_build_object(
      'id', pd.id, 'description', pd.description, 'due_date', pd.due_date, 'status', pd.status,
      'late', pd.status <> 'resolved' and pd.due_date < ${todayParameter}) end,
    'editable', fw.editable,
    'carried_over', f.carried_over,
    'last_season', ${lastSeasonOf},
    'logic', ${logicOf('f', sql`${fi}`)}
  ) order by f.position, f.id), '[]'::json)
  from ${fieldInstances} f
  join ${fields} d on d.id = f.field_id
  left join ${users} u on u.id = f.updated_by
  left join lateral (
    select pd.id, pd.description, pd.due_date, pd.status from ${pendencies} pd
    where pd.field_instance_id = f.id
    order by pd.status = 'resolved', pd.created_at desc, pd.id desc limit 1) pd on true
  cross join lateral (
    select coalesce(w.reopenable and pd.status = 'open', false) as editable,
      case when w.reopenable and pd.status = 'open' then 'producer' else w.writer end as writer) fw
  where f.form_instance_id = ${fi.id} and f.parent_field_instance_id is null)`;

/** The whole answer, the wire's FormInstance as json text: sent as it comes (getFormInstanceJson). */
const formInstanceJson = sql`json_build_object(
  'id', ${fi.id}, 'process_instance_id', ${fi.processInstanceId},
  'form', json_build_object('id', ${fi.formId}, 'name', ${fi.name},
    'obligatory', ${fi.obligatory}, 'deadline', ${fi.deadline}, 'sign', ${fi.sign}),
  'commited', ${fi.commited}, 'commited_at', ${isoUtc(fi.commitedAt)},
  'commited_by', ${person('finisher')},
  'signature', case when ${fi.signedAt} is not null and ${fi.signatureHash} <> '' then
    json_build_object('signed_by', ${person('signer')}, 'signed_at', ${isoUtc(fi.signedAt)},
      'hash', ${fi.signatureHash}) end,
  'actions', json_build_object('edit', w.writer is not null,
    'finish', coalesce(w.writer = 'producer', false)),
  'rice_area_ha', ${pi.riceAreaHa},
  'field_instances', ${fieldInstancesJson})::text`;

const formState = {
  ownerId: properties.ownerId,
  technicianId: pi.technicianId,
  initiated: pi.initiated,
  finished: pi.finished,
  commited: fi.commited,
};

/**
 * As whom the caller views (`v.viewer`) and writes (`w.writer`) the form, and whether a finished
 * form reopens to them under an open pendência (`w.reopenable`): access.ts's viewerOf,
 * activeWriter and the producer's reopening, from the caller's id and what their role allows.
 */
const callerAccess = sql`
  cross join lateral (select case
    when ${sql.placeholder('staff')}::boolean then 'staff'
    when ${sql.placeholder('producer')}::boolean
      and ${properties.ownerId} = ${sql.placeholder('callerId')}::uuid then 'producer'
    end as viewer) v
  cross join lateral (select case
    when v.viewer is null then null
    when v.viewer = 'staff' and not ${sql.placeholder('admin')}::boolean
      and ${pi.technicianId} is distinct from ${sql.placeholder('callerId')}::uuid then null
    when not ${pi.initiated} or ${pi.finished} or ${fi.commited} then null
    else v.viewer end as writer,
    coalesce(v.viewer = 'producer' and ${fi.commited} and ${pi.initiated} and not ${pi.finished},
      false) as reopenable) w`;

/** The form instance statement's columns, FORM_INSTANCE_FIELDS in their order. */
const formInstanceColumns: Record<FormInstanceField, SQLWrapper> = {
  ...formState,
  json: formInstanceJson,
};

const formInstanceQuery = () => sql`
  select ${sql.join(
    FORM_INSTANCE_FIELDS.map((field) => formInstanceColumns[field]),
    sql`, `,
  )}
  from ${fi}
  join ${pi} on ${pi.id} = ${fi.processInstanceId}
  join ${properties} on ${properties.id} = ${pi.propertyId}
  left join ${users} finisher on finisher.id = ${fi.commitedBy}
  left join ${users} signer on signer.id = ${fi.signedBy}
  ${callerAccess}
  where ${fi.id} = ${sql.placeholder('formId')} and ${fi.processInstanceId} = ${sql.placeholder('id')}`;

/**
 * A form instance of instance `instanceId` as `caller` sees it, in one statement prepared once
 * per database handle, its row read as an array (lib/raw-statement.ts); undefined if there is
 * none. `today` (São Paulo's) tells which pendências are late. Inside a transaction, pass `tx`.
 */
export async function readFormInstance(
  db: Db,
  caller: Pick<Caller, 'id' | 'role'>,
  instanceId: string,
  formId: string,
  today: string,
  tx?: Db,
): Promise<FormInstanceRow | undefined> {
  const statement = rawStatement(
    tx ?? db,
    'form_instance',
    formInstanceQuery,
    (rows) => rows[0] && formInstanceRow(rows[0]),
  );
  return statement.execute({
    id: instanceId,
    formId,
    today,
    callerId: caller.id,
    staff: STAFF_ROLES.includes(caller.role),
    admin: caller.role === 'admin',
    producer: PRODUCER_ROLES.includes(caller.role),
  });
}

const stateSelect = (db: Db, instanceId: string, formId: string) =>
  db
    .select({ id: fi.id, name: fi.name, sign: fi.sign, ...formState })
    .from(fi)
    .innerJoin(pi, eq(pi.id, fi.processInstanceId))
    .innerJoin(properties, eq(properties.id, pi.propertyId))
    .where(and(eq(fi.id, formId), eq(fi.processInstanceId, instanceId)));

export type FormStateRow = FormState & { id: string; name: string; sign: boolean };

/** The form instance and what decides who may write it, without locking it. */
export async function readFormState(
  db: Db,
  instanceId: string,
  formId: string,
): Promise<FormStateRow | undefined> {
  const [row] = await stateSelect(db, instanceId, formId);
  return row;
}

/**
 * The same, its row locked until the transaction ends: saves, rows, proofs and the finish of one
 * form run one after the other, so a save never lands on a form finished meanwhile and two saves
 * never both pass the same version.
 */
export async function lockFormInstance(
  tx: Db,
  instanceId: string,
  formId: string,
): Promise<FormStateRow | undefined> {
  const [row] = await stateSelect(tx, instanceId, formId).for('update', { of: fi });
  return row;
}

/**
 * Whether every one of `fieldIds` is a field instance of the form under an open pendência, or a
 * cell of a Lista that is: what a finished form lets its producer change (DESIGN §4b).
 */
export async function underOpenPendencies(
  tx: Db,
  formId: string,
  fieldIds: readonly string[],
): Promise<boolean> {
  const ids = [...new Set(fieldIds)];
  if (ids.length === 0) return false;
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(fieldInstances)
    .where(
      and(
        eq(fieldInstances.formInstanceId, formId),
        inArray(fieldInstances.id, ids),
        sql`exists (select 1 from ${pendencies} pd where pd.status = 'open'
          and pd.field_instance_id = coalesce(${fieldInstances.parentFieldInstanceId}, ${fieldInstances.id}))`,
      ),
    );
  return row?.count === ids.length;
}

/**
 * What the form's logic reads of form instance `formInstanceId` (its fields, rules, answers and
 * the request's rice area), in the wire's keys and order, as one json value: the form instance's
 * answer above, without what only the page shows, and with whether each answer holds a proof or
 * last season's mark (what dropping it must clear). Undefined when there is no such form instance.
 */
export async function readLogicJson(db: Db, formInstanceId: string): Promise<unknown> {
  const [row] = await db
    .select({
      json: sql<unknown>`json_build_object(
        'rice_area_ha', ${pi.riceAreaHa},
        'field_instances', (
          select coalesce(json_agg(json_build_object(
            'id', f.id, 'content', f.content, 'field', ${fieldObject('d', columnsOf('d'))},
            'logic', ${logicOf('f', sql`${fi}`)}, 'carried_over', f.carried_over,
            'proof', exists (select 1 from ${proofs} p where p.field_instance_id = f.id),
            'child_field_instances', (
              select coalesce(json_agg(json_build_object(
                'id', cell.id, 'content', cell.content, 'row_id', cell.row_id,
                'field', ${fieldObject('cd', sql`'[]'::json`)},
                'proof', exists (select 1 from ${proofs} p where p.field_instance_id = cell.id))
                order by cell.row_id, cell.position, cell.id), '[]'::json)
              from ${fieldInstances} cell
              join ${fields} cd on cd.id = cell.field_id
              where cell.parent_field_instance_id = f.id)
          ) order by f.position, f.id), '[]'::json)
          from ${fieldInstances} f
          join ${fields} d on d.id = f.field_id
          where f.form_instance_id = ${fi.id} and f.parent_field_instance_id is null))`,
    })
    .from(fi)
    .innerJoin(pi, eq(pi.id, fi.processInstanceId))
    .where(eq(fi.id, formInstanceId));
  return row?.json;
}
