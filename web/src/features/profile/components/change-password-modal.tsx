import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ChangePasswordFormSchema,
  messages,
  passwordMatchesCpf,
  passwordMatchesEmail,
  type ChangePasswordFormInput,
} from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../../api';
import { useSession, type SessionUser } from '../../../session';
import { ErrorAlert } from '../../../components/error-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { changePassword } from '../api';

type ChangePasswordFormOutput = z.output<typeof ChangePasswordFormSchema>;

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
export const PASSWORD_CHANGED_NOTICE =
  'Senha alterada. As sessões abertas em outros aparelhos foram encerradas.';

interface ChangePasswordModalProps {
  opened: boolean;
  user: SessionUser;
  onClose: () => void;
}

export function ChangePasswordModal({ opened, user, onClose }: ChangePasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Alterar senha" centered>
      {opened && <ChangePasswordForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { replaceToken } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormOutput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = async ({ confirm_password: _confirm, ...body }: ChangePasswordFormOutput) => {
    setFailure(null);
    // The rules the browser can know; the common-password list answers from the server.
    const identity = passwordMatchesEmail(body.new_password, user.email)
      ? messages.password.sameAsEmail
      : passwordMatchesCpf(body.new_password, user.cpf)
        ? messages.password.sameAsCpf
        : null;
    if (identity) {
      setError('new_password', { type: 'policy', message: identity }, { shouldFocus: true });
      return;
    }
    try {
      const token = await changePassword(body);
      await replaceToken(token.accessToken);
      notifications.show({ color: 'leaf', message: PASSWORD_CHANGED_NOTICE });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setError(
          'current_password',
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else if (!applyServerErrors(error, setError, FIELDS)) {
        setFailure(errorMessage(error, messages.common.requestFailed));
      }
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Ao trocar a senha, as sessões abertas em outros aparelhos são encerradas; esta continua.
        </Text>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          required
          data-autofocus
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <NewPasswordFields
          password={register('new_password')}
          confirm={register('confirm_password')}
          passwordError={errors.new_password?.message}
          confirmError={errors.confirm_password?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
