import type { Field, FieldLogic, FieldType, FormField } from '@agroselo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { fieldChildren, fields } from '../../db/schema';
import { outer } from '../seals/queries';

export interface FieldColumnJson {
  id: string;
  name: string;
  type: FieldType;
  producer_read_only: boolean;
  proof: boolean;
  unit: string | null;
  decimals: number | null;
}

/** The columns of a Lista field, in order, as one JSON column of the query that lists it. */
const childFieldsOf = (parentId: SQL): SQL<FieldColumnJson[]> =>
  sql<FieldColumnJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', c.id, 'name', c.name, 'type', c.type,
      'producer_read_only', c.producer_read_only, 'proof', c.proof,
      'unit', c.unit, 'decimals', c.decimals
    ) order by fc.position)
    from ${fieldChildren} fc join ${fields} c on c.id = fc.child_field_id
    where fc.parent_field_id = ${parentId}
  ), '[]'::json)`;

/** What every field list selects. */
export const fieldColumns = {
  id: fields.id,
  name: fields.name,
  type: fields.type,
  producerReadOnly: fields.producerReadOnly,
  proof: fields.proof,
  unit: fields.unit,
  decimals: fields.decimals,
  childFields: childFieldsOf(outer('fields', 'id')),
};

export interface FieldRow {
  id: string;
  name: string;
  type: FieldType;
  producerReadOnly: boolean;
  proof: boolean;
  unit: string | null;
  decimals: number | null;
  childFields: FieldColumnJson[] | string;
}

export function presentField(row: FieldRow): Field {
  // One driver may hand json back as text.
  const children =
    typeof row.childFields === 'string'
      ? (JSON.parse(row.childFields) as FieldColumnJson[])
      : row.childFields;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    producer_read_only: row.producerReadOnly,
    proof: row.proof,
    unit: row.unit,
    decimals: row.decimals,
    child_fields: children,
  };
}

/** A field of a form, with its rules there. */
export const presentFormField = (row: FieldRow & { logic: FieldLogic }): FormField => ({
  ...presentField(row),
  logic: row.logic,
});
