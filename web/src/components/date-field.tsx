import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { DateInputProps } from './dates';
import { PtBrDateInput } from './date-input';

// Apart from the plain inputs (date-input.tsx): a page whose dates are not a react-hook-form
// form (the form instance, the review dialogs) loads no react-hook-form for them.
interface DateFieldProps<T extends FieldValues> extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'name' | 'error'
> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}

/** PtBrDateInput bound to a react-hook-form field holding `YYYY-MM-DD` (the wire's date). */
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
        <PtBrDateInput
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
