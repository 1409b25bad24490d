import { Badge, Group, Text } from '@mantine/core';
import { FIELD_TYPE_LABELS } from '@agroselo/contracts';
import type { FieldItem } from '../api';

/** Type and flags of a field, and the columns of a Lista. */
export function FieldFacts({ field }: { field: FieldItem }) {
  return (
    <>
      <Group gap={6}>
        <Badge size="sm" variant="default">
          {FIELD_TYPE_LABELS[field.type]}
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
      </Group>
      {field.childFields.length > 0 && (
        <Text size="xs" c="dimmed">
          Colunas: {field.childFields.map((column) => column.name).join(', ')}
        </Text>
      )}
    </>
  );
}
