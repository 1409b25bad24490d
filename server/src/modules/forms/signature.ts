import { createHash } from 'node:crypto';
import type { CellInstance, FieldInstance } from '@agroselo/contracts';

const cell = (field: CellInstance) => ({
  field: field.field.id,
  name: field.field.name,
  type: field.field.type,
  content: field.content,
  proof: field.proof?.sha256 ?? null,
});

/** The cells of a Lista grouped by row, in the order the page shows them. */
export function rowsOf(cells: readonly CellInstance[]): CellInstance[][] {
  const rows = new Map<string, CellInstance[]>();
  for (const item of cells) {
    const key = item.row_id ?? item.id;
    const row = rows.get(key);
    if (row) row.push(item);
    else rows.set(key, [item]);
  }
  return [...rows.values()];
}

/**
 * Hex SHA-256 of what a signature covers: the form instance and, in page order, every field's
 * name, type and content, every row of every Lista and the SHA-256 of every proof. The same
 * content always gives the same hash, so a signed form can be checked against its data later.
 */
export function signatureHash(
  form: { id: string; name: string },
  fields: readonly FieldInstance[],
): string {
  const payload = {
    form_instance: form.id,
    name: form.name,
    fields: fields.map((field) => ({
      ...cell(field),
      rows: rowsOf(field.child_field_instances).map((row) => row.map(cell)),
    })),
  };
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}
