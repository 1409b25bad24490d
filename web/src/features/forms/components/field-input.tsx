import type { ReactNode } from 'react';
import { Group, Radio, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { FIELD_TEXT_MAX } from '@agroselo/contracts';
import { OnDemandDateInput, OnDemandDateTimeInput } from '../../../components/lazy-date-input';
import type { CellItem } from '../api';

export interface FieldInputProps {
  field: CellItem;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled: boolean;
  error?: string;
  description?: ReactNode;
  /** In a table's cell: compact, named without a visible label. */
  compact?: boolean;
}

/** The input of one field by its type: text, Sim/Não, a pt-BR date or date and time. */
export function FieldInput({
  field,
  label,
  value,
  onChange,
  disabled,
  error,
  description,
  compact = false,
}: FieldInputProps) {
  const named = compact ? { 'aria-label': label } : { label };
  switch (field.field.type) {
    case 'bool':
      return (
        <Radio.Group
          label={compact ? <VisuallyHidden>{label}</VisuallyHidden> : label}
          description={description}
          error={error}
          value={value ?? ''}
          onChange={(next) => onChange(next)}
          disabled={disabled}
          // In a cell the hidden label must take no line, so the radios line up with the inputs.
          styles={compact ? { label: { position: 'absolute' } } : undefined}
        >
          <Group gap="lg" mt={compact ? 0 : 'xs'} mih={compact ? 36 : undefined} wrap="nowrap">
            <Radio value="true" label="Sim" disabled={disabled} />
            <Radio value="false" label="Não" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'date':
      return (
        <OnDemandDateInput
          label={label}
          hideLabel={compact}
          description={description}
          error={error}
          value={value}
          onChange={onChange}
          disabled={disabled}
          miw={compact ? 150 : undefined}
          maw={compact ? undefined : 260}
        />
      );
    case 'datetime':
      return (
        <OnDemandDateTimeInput
          label={label}
          hideLabel={compact}
          description={description}
          error={error}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      );
    case 'text':
      return compact ? (
        <TextInput
          {...named}
          error={error}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={disabled}
          maxLength={FIELD_TEXT_MAX}
          miw={120}
        />
      ) : (
        <Textarea
          {...named}
          description={description}
          error={error}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={disabled}
          maxLength={FIELD_TEXT_MAX}
          autosize
          minRows={1}
          maxRows={8}
        />
      );
    case 'form':
      return null;
  }
}
