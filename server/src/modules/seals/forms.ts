import { messages, type Form, type FormBody, type ListQuery } from '@agroselo/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { formInstances, forms } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import type { Caller } from '../../plugins/auth';
import { presentForm } from './present';
import { fieldsCount, findForm, findProcess } from './queries';

const m = messages.seals;

export async function listForms(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  query: ListQuery,
): Promise<Page<Form>> {
  await findProcess(deps.db, caller, processId);
  const rows = await deps.db
    .select({ form: forms, fieldsCount, total: windowTotal() })
    .from(forms)
    .where(eq(forms.processId, processId))
    .orderBy(asc(forms.position), asc(forms.createdAt))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, presentForm, {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await deps.db
        .select({ total: count() })
        .from(forms)
        .where(eq(forms.processId, processId));
      return counted?.total ?? 0;
    },
  });
}

export async function getForm(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
): Promise<Form> {
  const [row] = await deps.db
    .select({ form: forms, fieldsCount })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.processId, processId)));
  if (!row) {
    // Tells an unknown process from an unknown form.
    await findForm(deps.db, processId, formId);
  }
  return presentForm(row!);
}

/** A new form, after the process's last one. */
export async function registerForm(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  body: FormBody,
): Promise<Form> {
  await findProcess(deps.db, caller, processId);
  const [form] = await deps.db
    .insert(forms)
    .values({
      id: newId(),
      processId,
      name: body.name,
      deadline: body.deadline,
      obligatory: body.obligatory,
      sign: body.sign,
      position: sql`(select coalesce(max(${forms.position}) + 1, 0) from ${forms} where ${forms.processId} = ${processId})`,
    })
    .returning();
  return presentForm({ form: form!, fieldsCount: 0 });
}

export async function editForm(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  formId: string,
  body: FormBody,
): Promise<Form> {
  await findProcess(deps.db, caller, processId);
  const updated = await deps.db
    .update(forms)
    .set({ name: body.name, deadline: body.deadline, obligatory: body.obligatory, sign: body.sign })
    .where(and(eq(forms.id, formId), eq(forms.processId, processId)))
    .returning({ id: forms.id });
  if (updated.length === 0) await findForm(deps.db, processId, formId);
  return getForm(deps, caller, processId, formId);
}

/**
 * A form no producer has started yet. A released process keeps at least one form: withdraw it
 * (Rascunho) first. The process row is locked so two deletions cannot both pass that check.
 */
export async function deleteForm(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  formId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const process = await findProcess(tx, caller, processId, { lock: true });
    await findForm(tx, processId, formId);
    const [started] = await tx
      .select({ id: formInstances.id })
      .from(formInstances)
      .where(eq(formInstances.formId, formId))
      .limit(1);
    if (started) throw conflict(m.formHasInstances);
    if (process.released) {
      const [counted] = await tx
        .select({ total: count() })
        .from(forms)
        .where(eq(forms.processId, processId));
      if ((counted?.total ?? 0) <= 1) throw conflict(m.releasedNeedsForm);
    }
    await tx.delete(forms).where(eq(forms.id, formId));
  });
}
