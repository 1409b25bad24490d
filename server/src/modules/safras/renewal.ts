import { messages } from '@agroselo/contracts';
import { and, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  certificates,
  fieldInstances,
  formInstances,
  processInstances,
  proofs,
} from '../../db/schema';
import { conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { dropHidden, evaluateFormInstance } from '../forms/logic';
import { copyFiles, copyKey, removeCopies, type CopiedFile } from './files';

const m = messages.safras;
const i = processInstances;
const fi = fieldInstances;

/**
 * The certified instance of the previous season a renewal of `propertyId` continues: the process
 * must follow another, the property hold a valid certificate of it, and no other renewal of that
 * certificate be under way or done (a rejected one may be asked again).
 */
export async function renewedInstance(
  tx: Db,
  process: { previousProcessId: string | null },
  propertyId: string,
): Promise<string> {
  if (!process.previousProcessId) throw conflict(m.renewalNotHolder);
  const [held] = await tx
    .select({ id: i.id })
    .from(i)
    .innerJoin(certificates, eq(certificates.processInstanceId, i.id))
    .where(
      and(
        eq(i.processId, process.previousProcessId),
        eq(i.propertyId, propertyId),
        eq(certificates.standing, 'valid'),
      ),
    )
    .orderBy(desc(certificates.issuedAt))
    .limit(1);
  if (!held) throw conflict(m.renewalNotHolder);
  const [renewal] = await tx
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.renewalOfId, held.id), not(i.rejected)));
  if (renewal) throw conflict(m.renewalTwice);
  return held.id;
}

/** Last season's proofs of a renewal, copied under new keys before its start's transaction. */
export interface CarriedProofs {
  /** By last season's field instance id. */
  byField: Map<string, { key: string; row: typeof proofs.$inferSelect }>;
  copies: CopiedFile[];
}

/**
 * Copies the proof files of the instance `renewalOfId` renews (never sharing a key: each season
 * removes its own). Nothing to copy for an instance that is no renewal.
 */
export async function copyCarriedProofs(
  db: Db,
  storage: Storage,
  instanceId: string,
): Promise<CarriedProofs> {
  const rows = await db
    .select({ proof: proofs })
    .from(i)
    .innerJoin(formInstances, eq(formInstances.processInstanceId, i.renewalOfId))
    .innerJoin(fi, eq(fi.formInstanceId, formInstances.id))
    .innerJoin(proofs, eq(proofs.fieldInstanceId, fi.id))
    .where(and(eq(i.id, instanceId), not(i.initiated)));
  const wanted = rows.map(({ proof }) => ({
    from: proof.storageKey,
    to: copyKey(`proofs/carried/${instanceId}`, proof.storageKey),
    proof,
  }));
  const copies = await copyFiles(storage, wanted);
  const done = new Set(copies.map((copy) => copy.to));
  const byField = new Map(
    wanted
      .filter((item) => done.has(item.to))
      .map((item) => [item.proof.fieldInstanceId, { key: item.to, row: item.proof }]),
  );
  return { byField, copies };
}

export const discardCarriedProofs = (storage: Storage, carried: CarriedProofs) =>
  removeCopies(storage, carried.copies);

/**
 * Fills a renewal's new field instances, in the caller's transaction (its start), from the
 * instance it renews: every field whose definition had an instance last season takes its content,
 * a Lista its rows (cells), and a proof its file (copied already); each keeps `carried_from_id`,
 * and those that carried an answer are marked `carried_over` until the producer confirms or
 * changes them. A field asked in two forms is matched form by form (by the form's name). What
 * this season's rules say does not apply (issue 45) is not carried: answers the storage keys of
 * the copied proofs left unused, to remove once the transaction is done.
 */
export async function prefillRenewal(
  tx: Db,
  instanceId: string,
  renewalOfId: string,
  carried: CarriedProofs,
): Promise<string[]> {
  const topLevel = (processInstanceId: string) =>
    tx
      .select({
        id: fi.id,
        fieldId: fi.fieldId,
        content: fi.content,
        formName: formInstances.name,
        formInstanceId: fi.formInstanceId,
      })
      .from(fi)
      .innerJoin(formInstances, eq(formInstances.id, fi.formInstanceId))
      .where(
        and(
          eq(formInstances.processInstanceId, processInstanceId),
          isNull(fi.parentFieldInstanceId),
        ),
      );
  const [current, previous] = await Promise.all([topLevel(instanceId), topLevel(renewalOfId)]);
  if (current.length === 0 || previous.length === 0) return [];
  const previousIds = previous.map((field) => field.id);
  const cells = await tx.select().from(fi).where(inArray(fi.parentFieldInstanceId, previousIds));
  const cellsOf = new Map<string, typeof cells>();
  for (const cell of cells) {
    const list = cellsOf.get(cell.parentFieldInstanceId!) ?? [];
    list.push(cell);
    cellsOf.set(cell.parentFieldInstanceId!, list);
  }

  const matches = current.flatMap((field) => {
    const same = previous.filter((old) => old.fieldId === field.fieldId);
    const old = same.find((item) => item.formName === field.formName) ?? same[0];
    return old ? [{ field, old }] : [];
  });
  if (matches.length === 0) return [];

  const newCells: (typeof fi.$inferInsert)[] = [];
  const newProofs: (typeof proofs.$inferInsert)[] = [];
  const proofFor = (oldId: string, newId_: string) => {
    const proof = carried.byField.get(oldId);
    if (!proof) return false;
    const { id: _id, fieldInstanceId: _field, storageKey: _key, ...rest } = proof.row;
    newProofs.push({ ...rest, id: newId(), fieldInstanceId: newId_, storageKey: proof.key });
    return true;
  };
  const updates = matches.map(({ field, old }) => {
    const oldCells = cellsOf.get(old.id) ?? [];
    const rows = new Map<string, string>();
    for (const cell of oldCells) {
      const rowId = cell.rowId ? (rows.get(cell.rowId) ?? newId()) : null;
      if (cell.rowId && rowId) rows.set(cell.rowId, rowId);
      const cellId = newId();
      newCells.push({
        id: cellId,
        formInstanceId: field.formInstanceId,
        fieldId: cell.fieldId,
        parentFieldInstanceId: field.id,
        rowId,
        content: cell.content,
        carriedFromId: cell.id,
        position: cell.position,
        updatedBy: cell.updatedBy,
      });
      proofFor(cell.id, cellId);
    }
    const hasProof = proofFor(old.id, field.id);
    return {
      id: field.id,
      content: old.content,
      from: old.id,
      carried: old.content !== null || oldCells.length > 0 || hasProof,
    };
  });

  const values = sql.join(
    updates.map(
      (update) =>
        sql`(${update.id}::uuid, ${update.content}::text, ${update.from}::uuid, ${update.carried}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${fi} as f
    set content = v.content, carried_from_id = v.carried_from, carried_over = v.carried
    from (values ${values}) as v(id, content, carried_from, carried)
    where f.id = v.id`);
  if (newCells.length > 0) await tx.insert(fi).values(newCells);
  if (newProofs.length > 0) await tx.insert(proofs).values(newProofs);

  const unused: string[] = [];
  for (const formInstanceId of new Set(current.map((field) => field.formInstanceId))) {
    const { form, evaluation } = await evaluateFormInstance(tx, formInstanceId);
    unused.push(...(await dropHidden(tx, form, evaluation)));
  }
  return unused;
}
