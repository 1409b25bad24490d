import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldInstances, formFields, formInstances, forms, processFields } from '../../db/schema';
import { newId } from '../../lib/ids';

type NewFormInstance = typeof formInstances.$inferInsert & { id: string };

/** The form instance built from the process-level fields ("documents"), DESIGN §5. */
export const DOCUMENTS_FORM_NAME = 'Documentos';

/**
 * What a start creates, in the caller's transaction and in four statements whatever the size of
 * the process: one form instance per form of the process (in `position` order, copying its name,
 * deadline, obligatory and sign), then 'Documentos' when the process has fields of its own, and
 * one field instance per field of each. A Lista (`form`) field gets its own field instance with
 * no cells: rows are added while the form is filled in.
 */
export async function createFormInstances(
  tx: Db,
  instance: { id: string; processId: string },
): Promise<void> {
  const definitions = await tx
    .select({
      id: forms.id,
      name: forms.name,
      deadline: forms.deadline,
      obligatory: forms.obligatory,
      sign: forms.sign,
    })
    .from(forms)
    .where(eq(forms.processId, instance.processId))
    .orderBy(asc(forms.position), asc(forms.createdAt), asc(forms.id));

  // Fields of every form and of the process itself (form_id null) in one statement.
  const fieldRows = await tx
    .select({
      formId: sql<string | null>`${formFields.formId}`.as('form_id'),
      fieldId: formFields.fieldId,
      position: formFields.position,
    })
    .from(formFields)
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .where(eq(forms.processId, instance.processId))
    .unionAll(
      tx
        .select({
          formId: sql<string | null>`null::uuid`.as('form_id'),
          fieldId: processFields.fieldId,
          position: processFields.position,
        })
        .from(processFields)
        .where(eq(processFields.processId, instance.processId)),
    );

  const fieldsOf = new Map<string | null, typeof fieldRows>();
  for (const row of fieldRows) {
    const list = fieldsOf.get(row.formId) ?? [];
    list.push(row);
    fieldsOf.set(row.formId, list);
  }

  const created: { values: NewFormInstance; fields: typeof fieldRows }[] = definitions.map(
    (form, position) => ({
      values: {
        id: newId(),
        processInstanceId: instance.id,
        formId: form.id,
        name: form.name,
        deadline: form.deadline,
        obligatory: form.obligatory,
        sign: form.sign,
        position,
      },
      fields: fieldsOf.get(form.id) ?? [],
    }),
  );
  const documents = fieldsOf.get(null);
  if (documents?.length) {
    created.push({
      values: {
        id: newId(),
        processInstanceId: instance.id,
        formId: null,
        name: DOCUMENTS_FORM_NAME,
        deadline: null,
        obligatory: true,
        sign: false,
        position: definitions.length,
      },
      fields: documents,
    });
  }
  if (created.length === 0) return;

  await tx.insert(formInstances).values(created.map((form) => form.values));
  const cells = created.flatMap((form) =>
    [...form.fields]
      .sort((a, b) => a.position - b.position || a.fieldId.localeCompare(b.fieldId))
      .map((field, position) => ({
        id: newId(),
        formInstanceId: form.values.id,
        fieldId: field.fieldId,
        position,
      })),
  );
  if (cells.length > 0) await tx.insert(fieldInstances).values(cells);
}
