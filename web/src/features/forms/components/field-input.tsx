import { useState, type ReactNode } from 'react';
import { Group, Radio, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { FIELD_TEXT_MAX } from '@agroselo/contracts';
import { OnDemandDateInput, OnDemandDateTimeInput } from '../../../components/lazy-date-input';
import type { CellItem } from '../api';
import { numberContent, numberText, typedNumber } from '../number';

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
  /** The producer leaves the field: its rules are checked. */
  onBlur?: () => void;
  /** Marked as required ('Preencha este campo' on finishing when empty). */
  required?: boolean;
}

/**
 * A 'Número': typed with a decimal comma, kept as the stored number (or the text as typed, which
 * its check then refuses), with its unit beside it.
 */
function NumberField({
  field,
  label,
  value,
  onChange,
  disabled,
  error,
  description,
  compact,
  onBlur,
  required,
}: FieldInputProps) {
  const [typed, setTyped] = useState({ text: numberText(value), value });
  // A value set from elsewhere (a draft restored, the server's version kept) is shown as stored.
  const text = typed.value === value ? typed.text : numberText(value);
  const { unit } = field.field;
  // The unit is read with the name; on the screen it stands beside the number.
  const named = unit ? `${label} (${unit})` : label;
  return (
    <TextInput
      label={compact ? undefined : label}
      aria-label={compact || unit ? named : undefined}
      withAsterisk={required}
      description={description}
      error={error}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      onChange={(event) => {
        const next = typedNumber(event.currentTarget.value);
        const content = numberContent(next);
        setTyped({ text: next, value: content });
        onChange(content);
      }}
      onBlur={onBlur}
      disabled={disabled}
      rightSection={
        unit ? (
          <Text size="sm" c="dimmed" aria-hidden>
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(36, unit.length * 9 + 16) : undefined}
      miw={compact ? 110 : undefined}
      maw={compact ? undefined : 260}
    />
  );
}

/** The input of one field by its type: text, a number, Sim/Não, a pt-BR date or date and time. */
export function FieldInput({
  field,
  label,
  value,
  onChange,
  disabled,
  error,
  description,
  compact = false,
  onBlur,
  required = false,
}: FieldInputProps) {
  const named = compact ? { 'aria-label': label } : { label };
  switch (field.field.type) {
    case 'number':
      return (
        <NumberField
          field={field}
          label={label}
          value={value}
          onChange={onChange}
          disabled={disabled}
          error={error}
          description={description}
          compact={compact}
          onBlur={onBlur}
          required={required}
        />
      );
    case 'bool':
      return (
        <Radio.Group
          label={compact ? <VisuallyHidden>{label}</VisuallyHidden> : label}
          withAsterisk={required && !compact}
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
          withAsterisk={required}
          error={error}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          disabled={disabled}
          maxLength={FIELD_TEXT_MAX}
          miw={120}
        />
      ) : (
        <Textarea
          {...named}
          withAsterisk={required}
          description={description}
          error={error}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
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
