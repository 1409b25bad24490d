import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  fieldChildren,
  fieldInstances,
  fields,
  formInstances,
  pendencies,
  processInstances,
  properties,
  proofs,
  users,
} from '../../db/schema';
import { isoUtc, rawStatement } from '../../lib/raw-statement';
import type { FormState } from './access';
import {
  FORM_INSTANCE_FIELDS,
  formInstanceRow,
  type FormInstanceField,
  type FormInstanceRow,
} from './present';

const fi = formInstances;
const pi = processInstances;
const finisher = alias(users, 'finisher');
const signer = alias(users, 'signer');

/** A person as json_build_object gives it; null when the account is gone or never set. */
export interface PersonJson {
  id: string;
  first_name: string;
  last_name: string;
}

export interface ProofJson {
  filename: string;
  mime: string;
  size: number;
  sha256: string | null;
  /** Already in the wire's ISO form (isoUtc). */
  created_at: string;
  uploaded_by: PersonJson | null;
}

export interface FieldJson {
  id: string;
  name: string;
  type: 'text' | 'date' | 'datetime' | 'bool' | 'form';
  producer_read_only: boolean;
  proof: boolean;
}

export interface CellJson {
  id: string;
  content: string | null;
  version: number;
  /** Both already in the wire's ISO form (isoUtc). */
  created_at: string;
  updated_at: string;
  parent_field_instance_id: string | null;
  row_id: string | null;
  updated_by: PersonJson | null;
  field: FieldJson;
  proof: ProofJson | null;
}

/** The pendência a field shows: the newest not resolved, else the newest. */
export interface FieldPendencyJson {
  id: string;
  description: string;
  due_date: string;
  status: 'open' | 'answered' | 'resolved';
}

/** Last season's answer of a renewal's field (see `lastSeasonOf`). */
export interface LastSeasonJson {
  content: string | null;
  rows: number;
  proof_filename: string | null;
  changed: boolean;
}

export interface FieldInstanceJson extends CellJson {
  columns: FieldJson[];
  cells: CellJson[];
  pendency: FieldPendencyJson | null;
  carried_over: boolean;
  last_season: LastSeasonJson | null;
}

const person = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name) end`,
  );

const fieldObject = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'type', ${alias}.type, 'producer_read_only', ${alias}.producer_read_only, 'proof', ${alias}.proof)`,
  );

/** The proof of field instance `owner` (an alias), as one json object or null. */
const proofOf = (owner: string) => sql`(
  select json_build_object(
    'filename', pr.filename, 'mime', pr.mime, 'size', pr.size, 'sha256', pr.sha256,
    'created_at', ${isoUtc(sql.raw('pr.created_at'))}, 'uploaded_by', ${person('pu')})
  from ${proofs} pr left join ${users} pu on pu.id = pr.uploaded_by
  where pr.field_instance_id = ${sql.raw(owner)}.id)`;

/** The common keys of a field instance `f` with its field `d` and last writer `u`. */
const cellKeys = (f: string, d: string, u: string) => sql`
  'id', ${sql.raw(f)}.id, 'content', ${sql.raw(f)}.content, 'version', ${sql.raw(f)}.version,
  'created_at', ${isoUtc(sql.raw(`${f}.created_at`))},
  'updated_at', ${isoUtc(sql.raw(`${f}.updated_at`))},
  'parent_field_instance_id', ${sql.raw(f)}.parent_field_instance_id, 'row_id', ${sql.raw(f)}.row_id,
  'updated_by', ${person(u)}, 'field', ${fieldObject(d)}, 'proof', ${proofOf(f)}`;

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

/**
 * Every field instance of the form, in order, each with its field, last writer and proof, and for
 * a Lista its columns and its cells row by row (row ids are UUIDv7: creation order), as one json
 * column: the page costs one statement whatever its number of fields and rows.
 */
const fieldInstancesJson = sql<FieldInstanceJson[]>`(
  select coalesce(json_agg(json_build_object(
    ${cellKeys('f', 'd', 'u')},
    'columns', (
      select coalesce(json_agg(${fieldObject('c')} order by fc.position, c.id), '[]'::json)
      from ${fieldChildren} fc join ${fields} c on c.id = fc.child_field_id
      where fc.parent_field_id = d.id),
    'cells', (
      select coalesce(json_agg(json_build_object(${cellKeys('cell', 'cd', 'cu')})
        order by cell.row_id, cell.position, cell.id), '[]'::json)
      from ${fieldInstances} cell
      join ${fields} cd on cd.id = cell.field_id
      left join ${users} cu on cu.id = cell.updated_by
      where cell.parent_field_instance_id = f.id),
    'pendency', (
      select json_build_object(
        'id', pd.id, 'description', pd.description, 'due_date', pd.due_date, 'status', pd.status)
      from ${pendencies} pd where pd.field_instance_id = f.id
      order by pd.status = 'resolved', pd.created_at desc, pd.id desc limit 1),
    'carried_over', f.carried_over,
    'last_season', ${lastSeasonOf}
  ) order by f.position, f.id), '[]'::json)
  from ${fieldInstances} f
  join ${fields} d on d.id = f.field_id
  left join ${users} u on u.id = f.updated_by
  where f.form_instance_id = ${fi.id} and f.parent_field_instance_id is null)`;

const formState = {
  ownerId: properties.ownerId,
  technicianId: pi.technicianId,
  initiated: pi.initiated,
  finished: pi.finished,
  commited: fi.commited,
};

/** The form instance statement's columns, FORM_INSTANCE_FIELDS in their order. */
const formInstanceColumns: Record<FormInstanceField, SQLWrapper> = {
  ...formState,
  id: fi.id,
  processInstanceId: fi.processInstanceId,
  formId: fi.formId,
  name: fi.name,
  obligatory: fi.obligatory,
  deadline: fi.deadline,
  sign: fi.sign,
  commitedAt: isoUtc(fi.commitedAt),
  finisherId: finisher.id,
  finisherFirstName: finisher.firstName,
  finisherLastName: finisher.lastName,
  signedAt: isoUtc(fi.signedAt),
  signatureHash: fi.signatureHash,
  signerId: signer.id,
  signerFirstName: signer.firstName,
  signerLastName: signer.lastName,
  fieldInstances: fieldInstancesJson,
};

const formInstanceQuery = (db: Db) =>
  db
    .select(
      Object.fromEntries(
        FORM_INSTANCE_FIELDS.map((field) => [field, formInstanceColumns[field] as SQL]),
      ),
    )
    .from(fi)
    .innerJoin(pi, eq(pi.id, fi.processInstanceId))
    .innerJoin(properties, eq(properties.id, pi.propertyId))
    .leftJoin(finisher, eq(finisher.id, fi.commitedBy))
    .leftJoin(signer, eq(signer.id, fi.signedBy))
    .where(
      and(eq(fi.id, sql.placeholder('formId')), eq(fi.processInstanceId, sql.placeholder('id'))),
    )
    .getSQL();

/**
 * A form instance of instance `instanceId` with all it shows, in one statement prepared once per
 * database handle, its row read as an array (lib/raw-statement.ts) for formInstanceFromRow;
 * undefined if there is none. Inside a transaction, pass `tx`: it runs there.
 */
export async function readFormInstance(
  db: Db,
  instanceId: string,
  formId: string,
  tx?: Db,
): Promise<FormInstanceRow | undefined> {
  const handle = tx ?? db;
  const statement = rawStatement(
    handle,
    'form_instance',
    () => formInstanceQuery(handle),
    (rows) => rows[0] && formInstanceRow(rows[0]),
  );
  return statement.execute({ id: instanceId, formId });
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
