import { Suspense } from 'react';
import { TextInput } from '@mantine/core';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { formatDay, momentParts } from '../lib/dates';
import type { PtBrDateInputProps, PtBrDateTimeInputProps } from './date-input';
import { DAY_STYLE, DateTimeFieldset, TIME_STYLE, dayFieldLabel } from './date-time-fieldset';
import { lazyPart } from '../lib/lazy-part';

// The date pickers bring @mantine/dates, dayjs and the popover (a fifth of the form instance's
// JavaScript): loaded when the first date field shows, not with the page.
const LazyDateInput = lazyPart('date-input', () =>
  import('./date-input').then((module) => module.PtBrDateInput),
);
const LazyDateTimeInput = lazyPart('date-time-input', () =>
  import('./date-input').then((module) => module.PtBrDateTimeInput),
);

/** Until its picker's code arrives, a date field is a read-only box of the same size and text. */
function DateBox({
  label,
  hideLabel,
  value,
  description,
  error,
  disabled,
  required,
  miw,
  maw,
  style,
}: Pick<
  PtBrDateInputProps,
  | 'label'
  | 'hideLabel'
  | 'value'
  | 'description'
  | 'error'
  | 'disabled'
  | 'required'
  | 'miw'
  | 'maw'
  | 'style'
>) {
  return (
    <TextInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      description={description}
      error={error}
      disabled={disabled}
      required={required}
      miw={miw}
      maw={maw}
      style={style}
      placeholder="dd/mm/aaaa"
      leftSection={<IconCalendar size={18} aria-hidden />}
      value={value ? formatDay(value) : ''}
      readOnly
    />
  );
}

/**
 * PtBrDateInput, its picker loaded on first use. A disabled one is its box: the same size and
 * text, and a finished form's dates load and hydrate no picker.
 */
export function OnDemandDateInput(props: PtBrDateInputProps) {
  if (props.disabled) return <DateBox {...props} />;
  return (
    <Suspense fallback={<DateBox {...props} />}>
      <LazyDateInput {...props} />
    </Suspense>
  );
}

/** PtBrDateTimeInput's day and time as read-only boxes of the same size and text. */
function DateTimeBox({
  label,
  hideLabel,
  value,
  disabled,
  description,
  error,
}: PtBrDateTimeInputProps) {
  const parts = value ? momentParts(value) : null;
  return (
    <DateTimeFieldset
      label={label}
      hideLabel={hideLabel}
      disabled={disabled}
      description={description}
    >
      <DateBox
        label={dayFieldLabel(label, hideLabel)}
        hideLabel={hideLabel}
        value={parts?.day ?? null}
        error={error}
        disabled={disabled}
        style={DAY_STYLE}
      />
      <TextInput
        label={hideLabel ? undefined : 'Hora'}
        aria-label={hideLabel ? `${label}: hora` : undefined}
        leftSection={<IconClock size={18} aria-hidden />}
        disabled={disabled}
        error={error ? true : undefined}
        style={TIME_STYLE}
        value={parts?.time ?? ''}
        readOnly
      />
    </DateTimeFieldset>
  );
}

/** PtBrDateTimeInput, its pickers loaded on first use; a disabled one is its boxes. */
export function OnDemandDateTimeInput(props: PtBrDateTimeInputProps) {
  if (props.disabled) return <DateTimeBox {...props} />;
  return (
    <Suspense fallback={<DateTimeBox {...props} />}>
      <LazyDateTimeInput {...props} />
    </Suspense>
  );
}
