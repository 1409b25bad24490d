import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { OnDemandModal } from './on-demand-modal';

interface FinishModalProps {
  opened: boolean;
  onClose: () => void;
  formName: string;
  /** The form requires a signature: the producer confirms with the password. */
  sign: boolean;
  busy: boolean;
  /** Why the password was refused (wrong, or too many attempts). */
  passwordError?: string;
  onConfirm: (password?: string) => void;
}

/**
 * Finalizar: once finished, nobody changes the form again, so the producer confirms; a form that
 * requires a signature is signed with the account's password.
 */
export function FinishModal({
  opened,
  onClose,
  formName,
  sign,
  busy,
  passwordError,
  onConfirm,
}: FinishModalProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setPassword('');
    setMissing(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sign && !password) {
      setMissing(true);
      return;
    }
    onConfirm(sign ? password : undefined);
  };
  return (
    <OnDemandModal
      opened={opened}
      onClose={close}
      title={sign ? 'Assinar e finalizar o formulário' : 'Finalizar o formulário'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Depois de finalizado, &ldquo;{formName}&rdquo; não poderá mais ser alterado por ninguém.
          </Text>
          {sign && (
            <>
              <Text size="sm">
                Este formulário requer a sua assinatura. Confirme com a senha da sua conta: ficam
                registrados quem assinou, quando e um resumo (SHA-256) do conteúdo salvo.
              </Text>
              <PasswordInput
                label="Sua senha"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setMissing(false);
                }}
                error={missing ? 'Informe sua senha para assinar o formulário' : passwordError}
                data-autofocus
                required
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={busy}
              leftSection={sign ? <IconSignature size={18} aria-hidden /> : undefined}
            >
              {sign ? 'Assinar e finalizar' : 'Finalizar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </OnDemandModal>
  );
}
