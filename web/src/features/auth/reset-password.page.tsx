import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  EmailSchema,
  ResetPasswordFormSchema,
  VERIFICATION_CODE_TTL_MINUTES,
  messages,
  type ResetPasswordFormInput,
} from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../api';
import { paths } from '../../lib/paths';
import { BrandHeading } from '../../components/brand';
import { ErrorAlert } from '../../components/error-alert';
import { applyServerErrors } from '../../lib/form-errors';
import { HERO_MEDIA } from '../../lib/site';
import { requestPasswordReset, resetPassword } from './api';
import { NewPasswordFields } from '../../components/new-password-fields';
import { ResendCodeButton, useResendCode } from './components/resend-code';
import classes from './login.module.css';

type ResetPasswordFormOutput = z.output<typeof ResetPasswordFormSchema>;

const FIELDS = ['email', 'code', 'password', 'confirm_password'] as const;

export const PASSWORD_RESET_NOTICE = 'Senha redefinida! Entre com a sua nova senha.';

/** The resend cooldown the forgot-password answer asked for, handed over by the login page. */
function resendAfterFrom(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const value = (state as Record<string, unknown>).resendAfter;
  return typeof value === 'number' && value > 0 ? value : 0;
}

/** 'Esqueci minha senha', second step: the code of the e-mail and a new password. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const initialEmail = searchParams.get('email') ?? '';
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resender = useResendCode({
    onSent: (sent) =>
      setNotice(`Se houver uma conta com ${sent.email}, enviamos um novo código para ela.`),
    onFailed: setFailure,
    initialWait: resendAfterFrom(location.state),
  });

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormOutput>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { email: initialEmail, code: '', password: '', confirm_password: '' },
  });

  const onSubmit = async ({ confirm_password: _confirm, ...body }: ResetPasswordFormOutput) => {
    setFailure(null);
    setNotice(null);
    try {
      await resetPassword(body);
      await navigate(paths.login(), { replace: true, state: { notice: PASSWORD_RESET_NOTICE } });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyServerErrors(error, setError, FIELDS)) {
        setFailure(errorMessage(error, messages.common.requestFailed));
      }
    }
  };

  const resend = async () => {
    setFailure(null);
    setNotice(null);
    const email = EmailSchema.safeParse(getValues('email'));
    if (!email.success) {
      setError(
        'email',
        { type: 'manual', message: email.error.issues[0]?.message },
        { shouldFocus: true },
      );
      return;
    }
    await resender.resend(() => requestPasswordReset(email.data));
  };

  return (
    <div className={classes.page} style={{ backgroundImage: `url(${HERO_MEDIA.poster})` }}>
      <main className={classes.main}>
        <Paper component="section" className={classes.card} radius="lg" shadow="xl" p="xl">
          <Stack gap="lg">
            <BrandHeading to={paths.home()} />
            <Stack gap={6} ta="center">
              <Title order={1} fz={26}>
                Redefinir senha
              </Title>
              <Text size="sm" c="dimmed">
                {initialEmail
                  ? `Se houver uma conta com ${initialEmail}, enviamos para ela um código de 6 dígitos.`
                  : 'Digite o e-mail da conta, o código de 6 dígitos que enviamos e a nova senha.'}{' '}
                O código vale por {VERIFICATION_CODE_TTL_MINUTES} minutos.
              </Text>
            </Stack>

            {notice && (
              <Alert color="leaf" variant="light" role="status">
                {notice}
              </Alert>
            )}
            {failure && (
              <ErrorAlert title="Não foi possível redefinir a senha">{failure}</ErrorAlert>
            )}

            <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
              <Stack gap="md">
                <TextInput
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  required
                  error={errors.email?.message}
                  {...register('email')}
                />
                <TextInput
                  label="Código"
                  placeholder="000000"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  styles={{ input: { letterSpacing: '0.3em', fontWeight: 600 } }}
                  error={errors.code?.message}
                  {...register('code')}
                />
                <NewPasswordFields
                  password={register('password')}
                  confirm={register('confirm_password')}
                  passwordError={errors.password?.message}
                  confirmError={errors.confirm_password?.message}
                />
                <Button type="submit" size="md" fullWidth disabled={isSubmitting}>
                  {isSubmitting ? 'Redefinindo...' : 'Redefinir senha'}
                </Button>
              </Stack>
            </form>

            <Group justify="space-between" gap="xs">
              <ResendCodeButton
                resender={resender}
                size="compact-sm"
                onClick={() => void resend()}
              />
              <Anchor component={Link} to={paths.login()} size="sm" fw={600}>
                Voltar para o login
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
