import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCircleCheck, IconLogout, IconPencil } from '@tabler/icons-react';
import { z } from 'zod';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import {
  ActivateBodySchema,
  EmailSchema,
  RESEND_CODE_COOLDOWN_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
  messages,
  type ActivateBody,
} from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../api';
import { paths } from '../../lib/paths';
import { homePathFor, useSession } from '../../session';
import { BreakableAddress } from '../../components/breakable-address';
import { applyServerErrors } from '../../lib/form-errors';
import { activateAccount, correctEmail, resendCode } from './api';
import { AccountsShell } from './components/accounts-shell';
import { ResendCodeButton, useResendCode } from './components/resend-code';
import { ErrorAlert } from '../../components/error-alert';

export function VerificationCodePage() {
  const { user, refreshUser, logout } = useSession();
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resender = useResendCode({
    onSent: (sent) => setNotice(`Enviamos um novo código para ${sent.email}.`),
    onFailed: setFailure,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ActivateBody>({
    resolver: zodResolver(ActivateBodySchema),
    defaultValues: { code: '' },
  });

  const emailSent = (email: string) => {
    setFailure(null);
    setNotice(`Enviamos um novo código para ${email}.`);
    resender.startCooldown(RESEND_CODE_COOLDOWN_SECONDS);
  };

  // RequireAuth lets only signed-in accounts in; an account already verified has nothing to do here.
  if (!user) return null;
  if (!user.pending && !verified) return <Navigate to={homePathFor(user)} replace />;

  const onSubmit = async (values: ActivateBody) => {
    setFailure(null);
    setNotice(null);
    try {
      await activateAccount(values);
      // Keeps the redirect above from sending the refreshed account to its own home page.
      setVerified(true);
      await refreshUser();
      notifications.show({ color: 'leaf', message: 'Conta verificada! Bem-vindo ao AgroSelo.' });
      await navigate(paths.home(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (isApiError(error) && error.status === 409) {
        await refreshUser();
      } else if (!applyServerErrors(error, setError, ['code'])) {
        setFailure(errorMessage(error, messages.common.requestFailed));
      }
    }
  };

  const resend = async () => {
    setFailure(null);
    setNotice(null);
    await resender.resend(resendCode);
  };

  const signOut = async () => {
    logout();
    await navigate(paths.home());
  };

  return (
    <AccountsShell width={460}>
      <Stack gap="xs" ta="center">
        <Title order={1} fz={26}>
          Quase lá!
        </Title>
        <Text>
          Enviamos um e-mail com um código de verificação para{' '}
          <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
            <BreakableAddress address={user.email} />
          </Text>
          .
        </Text>
        <Text size="sm" c="dimmed">
          Digite o código abaixo para ativar sua conta. Ele vale por {VERIFICATION_CODE_TTL_MINUTES}{' '}
          minutos.
        </Text>
      </Stack>

      <CorrectEmail currentEmail={user.email} onCorrected={emailSent} />

      {notice && (
        <Alert color="leaf" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {notice}
        </Alert>
      )}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}

      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Código"
            placeholder="000000"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            size="md"
            styles={{ input: { textAlign: 'center', letterSpacing: '0.3em', fontWeight: 600 } }}
            error={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" size="md" fullWidth disabled={isSubmitting}>
            {isSubmitting ? 'Enviando...' : 'Enviar'}
          </Button>
        </Stack>
      </form>

      <Group justify="space-between" gap="xs">
        <ResendCodeButton resender={resender} onClick={() => void resend()} />
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut()}
        >
          Sair
        </Button>
      </Group>
    </AccountsShell>
  );
}

const CorrectEmailSchema = z.object({ email: EmailSchema });
type CorrectEmailInput = z.input<typeof CorrectEmailSchema>;
type CorrectEmailOutput = z.output<typeof CorrectEmailSchema>;

/** DESIGN §5: a mistyped address is corrected here, before any code can reach it. */
function CorrectEmail({
  currentEmail,
  onCorrected,
}: {
  currentEmail: string;
  onCorrected: (email: string) => void;
}) {
  const { replaceToken } = useSession();
  const [opened, setOpened] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CorrectEmailInput, unknown, CorrectEmailOutput>({
    resolver: zodResolver(CorrectEmailSchema),
    defaultValues: { email: '' },
  });

  if (!opened) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        style={{ alignSelf: 'center' }}
      >
        E-mail errado? Corrigir e-mail
      </Button>
    );
  }

  const onSubmit = async ({ email }: CorrectEmailOutput) => {
    if (email === currentEmail.toLowerCase()) {
      setError('email', { type: 'manual', message: 'Este já é o e-mail da sua conta.' });
      return;
    }
    try {
      const updated = await correctEmail(email);
      if (updated.accessToken) await replaceToken(updated.accessToken);
      reset();
      setOpened(false);
      onCorrected(updated.email);
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 422)) {
        setError('email', { type: 'server', message: error.fieldErrors.email ?? error.message });
      } else {
        setError('email', {
          type: 'server',
          message: errorMessage(error, messages.common.requestFailed),
        });
      }
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="E-mail correto"
          type="email"
          autoComplete="email"
          placeholder="seu@email.com"
          description="Enviaremos um novo código para este endereço."
          required
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpened(false)} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Corrigir e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
