import { DateInput, type DateInputProps } from './dates';
import { IconCalendar } from '@tabler/icons-react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
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

interface DateFieldProps<T extends FieldValues> extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'name' | 'error'
> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}

/**
 * A pt-BR date picker bound to a react-hook-form field holding `YYYY-MM-DD` (the wire's date):
 * shown and typed as dd/mm/aaaa whatever the browser's language, unlike a native date input.
 */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  ...props
}: DateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
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
          label={label}
          name={field.name}
          value={(field.value as string | null) || null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
