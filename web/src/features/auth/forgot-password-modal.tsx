import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  ForgotPasswordBodySchema,
  VERIFICATION_CODE_TTL_MINUTES,
  messages,
} from '@agroselo/contracts';
import { errorMessage } from '../../api';
import { paths } from '../../lib/paths';
import { ErrorAlert } from '../../components/error-alert';
import { applyServerErrors } from '../../lib/form-errors';
import { requestPasswordReset } from './api';

type ForgotInput = z.input<typeof ForgotPasswordBodySchema>;
type ForgotOutput = z.output<typeof ForgotPasswordBodySchema>;

interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** What the login form holds, so the address need not be typed twice. */
  email: string;
}

export function ForgotPasswordModal({ opened, onClose, email }: ForgotPasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Esqueci minha senha" centered>
      {opened && <ForgotPasswordForm email={email} onClose={onClose} />}
    </Modal>
  );
}

function ForgotPasswordForm({ email, onClose }: { email: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotOutput>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { email },
  });

  const onSubmit = async (values: ForgotOutput) => {
    setFailure(null);
    try {
      const sent = await requestPasswordReset(values.email);
      await navigate(paths.resetPassword(sent.email), {
        state: { resendAfter: sent.resendAfter },
      });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'])) {
        setFailure(errorMessage(error, messages.common.requestFailed));
      }
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Informe o e-mail da sua conta. Enviaremos um código de 6 dígitos, válido por{' '}
          {VERIFICATION_CODE_TTL_MINUTES} minutos, para você criar uma nova senha.
        </Text>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="seu@email.com"
          required
          data-autofocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Enviando...' : 'Enviar código'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
