import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '@agroselo/contracts';

const HINT_BELOW: PasswordInputProps['inputWrapperOrder'] = [
  'label',
  'input',
  'description',
  'error',
];

export interface NewPasswordFieldsProps {
  /** `register(<the new password's name>)` of the form. */
  password: UseFormRegisterReturn;
  /** `register('confirm_password')` of the form. */
  confirm: UseFormRegisterReturn;
  passwordError?: string;
  confirmError?: string;
  /** 'Senha' on the sign-up form; a password that replaces another is the default. */
  label?: string;
  confirmLabel?: string;
  confirmDescription?: string;
}

/**
 * The new password and its confirmation, wherever a password is set (sign-up, reset, change):
 * the policy hint under the first, a visibility toggle on each. Two inputs without a wrapper, so
 * a form can lay them out in its own stack or grid; hints go below the inputs, so two side by side
 * stay level whatever the length of each hint. Types only from react-hook-form: nothing here
 * adds to a page's first load beyond Mantine's PasswordInput.
 */
export function NewPasswordFields({
  password,
  confirm,
  passwordError,
  confirmError,
  label = 'Nova senha',
  confirmLabel = 'Confirmar nova senha',
  confirmDescription,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={messages.password.hint}
        inputWrapperOrder={HINT_BELOW}
        required
        error={passwordError}
        {...password}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        description={confirmDescription}
        inputWrapperOrder={HINT_BELOW}
        required
        error={confirmError}
        {...confirm}
      />
    </>
  );
}
