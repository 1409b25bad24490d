import { useState, type ReactNode, type Ref } from 'react';
import { DAY_STYLE, DateTimeFieldset, TIME_STYLE, dayFieldLabel } from './date-time-fieldset';
import { DateInput, TimePicker, type DateInputProps } from './dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { dayjs } from '../lib/dayjs';

export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

const CALENDAR_LABELS = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  monthLevelControl: 'Escolher o mês',
  yearLevelControl: 'Escolher o ano',
};

/** What is typed, as DD/MM/YYYY, to the wire's YYYY-MM-DD; null when it is no date. */
export function parseTypedDate(text: string): string | null {
  const day = dayjs(text.trim(), DATE_INPUT_FORMAT, true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

export interface PtBrDateInputProps extends Omit<DateInputProps, 'value' | 'onChange' | 'label'> {
  label: string;
  /** Names the input without showing the label (a cell of a table). */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** The wire's day, YYYY-MM-DD; null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A pt-BR date picker: shown and typed as dd/mm/aaaa whatever the browser's language, unlike a
 * native date input, and holding the wire's `YYYY-MM-DD`.
 */
export function PtBrDateInput({ label, hideLabel, value, onChange, ...props }: PtBrDateInputProps) {
  return (
    <DateInput
      placeholder="dd/mm/aaaa"
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={18} aria-hidden />}
      clearable
      clearButtonProps={{ 'aria-label': `Limpar ${label}` }}
      ariaLabels={CALENDAR_LABELS}
      // The calendar's pale days of other months and red weekends fail the contrast minimum.
      hideOutsideDates
      weekendDays={[]}
      {...props}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      value={value || null}
      onChange={onChange}
    />
  );
}

/** An ISO date-time as the day and the 24-hour time of this browser's zone. */
const partsOf = (iso: string | null) => {
  const moment = iso ? dayjs(iso) : null;
  return moment?.isValid()
    ? { day: moment.format('YYYY-MM-DD'), time: moment.format('HH:mm') }
    : { day: null, time: '' };
};

export interface PtBrDateTimeInputProps {
  label: string;
  /** ISO 8601 with its zone; null when empty. */
  value: string | null;
  /** Called with the date-time in ISO 8601 with this browser's offset, or null once cleared. */
  onChange: (value: string | null) => void;
  disabled?: boolean;
  required?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  /** Names the two inputs without a visible legend (a cell of a table). */
  hideLabel?: boolean;
}

/**
 * A pt-BR date and a 24-hour time side by side (dd/mm/aaaa and hh:mm), typed or picked, holding
 * an ISO date-time. A day chosen before its time counts as midnight until the time is given.
 */
export function PtBrDateTimeInput({
  label,
  value,
  onChange,
  disabled,
  required,
  description,
  error,
  hideLabel,
}: PtBrDateTimeInputProps) {
  const fromValue = partsOf(value);
  // A time typed before its day has no date-time yet: it waits here.
  const [pendingTime, setPendingTime] = useState('');
  // A day picked before its time is stored as midnight, but its time stays blank until typed:
  // typing 0730 over a shown 00:00 gave 00:59 (the hours field took the 0 as complete).
  const [timeUntyped, setTimeUntyped] = useState(false);
  const day = fromValue.day;
  const time = day ? (timeUntyped ? '' : fromValue.time) : pendingTime;
  const emit = (nextDay: string | null, nextTime: string) => {
    setTimeUntyped(nextDay !== null && nextTime === '');
    if (!nextDay) {
      setPendingTime(nextTime);
      onChange(null);
      return;
    }
    const moment = dayjs(`${nextDay} ${nextTime || '00:00'}`, 'YYYY-MM-DD HH:mm', true);
    onChange(moment.isValid() ? moment.format() : null);
  };
  return (
    <DateTimeFieldset
      label={label}
      hideLabel={hideLabel}
      disabled={disabled}
      description={description}
    >
      <PtBrDateInput
        label={dayFieldLabel(label, hideLabel)}
        hideLabel={hideLabel}
        value={day}
        onChange={(next) => emit(next, time)}
        disabled={disabled}
        required={required}
        error={error}
        style={DAY_STYLE}
      />
      {/* Mantine's own fields rather than the browser's time input, which writes 07:30 AM when
          the device's language is not pt-BR. */}
      <TimePicker
        label={hideLabel ? undefined : 'Hora'}
        hoursInputLabel={hideLabel ? `${label}: horas` : 'Horas'}
        minutesInputLabel={hideLabel ? `${label}: minutos` : 'Minutos'}
        format="24h"
        value={time}
        onChange={(next) => emit(day, next)}
        leftSection={<IconClock size={18} aria-hidden />}
        disabled={disabled}
        required={required}
        error={error ? true : undefined}
        style={TIME_STYLE}
      />
    </DateTimeFieldset>
  );
}
