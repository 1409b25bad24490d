import type { Ref } from 'react';
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
