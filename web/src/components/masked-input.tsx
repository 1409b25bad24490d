import type { Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { InputBase, type ElementProps, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { maskOptions, type MaskPattern } from '../lib/masks';

export interface MaskedInputProps
  extends InputBaseProps, ElementProps<'input', 'value' | 'onChange' | 'size' | 'defaultValue'> {
  /** See lib/masks: CPF_MASK, PHONE_MASK, CREA_MASK or any pattern ('0' = a digit). */
  mask: MaskPattern;
  /** The text as shown, mask included. */
  value: string;
  onChange: (value: string) => void;
  /** The <input> itself, e.g. react-hook-form's field.ref so it can focus the first error. */
  inputRef?: Ref<HTMLInputElement>;
}

/** A Mantine text input that formats what is typed with a mask (react-imask). */
export function MaskedInput({ mask, value, onChange, inputRef, ...props }: MaskedInputProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      {...maskOptions(mask)}
      value={value}
      onAccept={(next: string) => onChange(next)}
      inputRef={inputRef}
    />
  );
}

export interface MaskedFieldProps<T extends FieldValues> extends Omit<
  MaskedInputProps,
  'value' | 'onChange' | 'inputRef' | 'name' | 'error'
> {
  control: Control<T>;
  name: FieldPath<T>;
}

/** A MaskedInput bound to a react-hook-form field: its value, its error and its focus. */
export function MaskedField<T extends FieldValues>({
  control,
  name,
  ...props
}: MaskedFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MaskedInput
      {...props}
      error={fieldState.error?.message}
      name={field.name}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
    />
  );
}
