import { Badge, Group, Text } from '@mantine/core';
import { FIELD_TYPE_LABELS } from '@agroselo/contracts';
import type { FieldItem, FormFieldItem } from '../api';

/** Whether a form's field has a rule beyond being required: limits, dates, text, a Lista's own. */
const hasRules = ({ logic }: FormFieldItem) =>
  logic.min !== null ||
  logic.max !== null ||
  logic.notFuture ||
  logic.after !== null ||
  logic.minLength !== null ||
  logic.maxLength !== null ||
  logic.pattern !== null ||
  logic.columns.length > 0 ||
  logic.total !== null;

/** Type and flags of a field, its rules in a form, and the columns of a Lista. */
export function FieldFacts({ field }: { field: FieldItem | FormFieldItem }) {
  const inForm = 'logic' in field ? field : null;
  return (
    <>
      <Group gap={6}>
        <Badge size="sm" variant="default">
          {FIELD_TYPE_LABELS[field.type]}
          {field.unit ? ` (${field.unit})` : ''}
        </Badge>
        {field.producerReadOnly && (
          <Badge size="sm" variant="filled" color="grape.8">
            Somente leitura
          </Badge>
        )}
        {field.proof && (
          <Badge size="sm" variant="filled" color="blue.8">
            Comprovante
          </Badge>
        )}
        {inForm?.logic.required && (
          <Badge size="sm" variant="filled" color="red.8">
            Obrigatório
          </Badge>
        )}
        {inForm?.logic.showIf && (
          <Badge size="sm" variant="filled" color="indigo.9">
            Condicional
          </Badge>
        )}
        {inForm && hasRules(inForm) && (
          <Badge size="sm" variant="filled" color="teal.9">
            Regras
          </Badge>
        )}
      </Group>
      {field.childFields.length > 0 && (
        <Text size="xs" c="dimmed">
          Colunas: {field.childFields.map((column) => column.name).join(', ')}
        </Text>
      )}
    </>
  );
}
