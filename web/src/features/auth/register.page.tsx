import { useState } from 'react';
import { Anchor, Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { messages, type RegisterFormInput } from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../api';
import { paths } from '../../lib/paths';
import { homePathFor, useSession } from '../../session';
import { MaskedField } from '../../components/masked-input';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { CPF_MASK, PHONE_MASK } from '../../lib/masks';
import { NewPasswordFields } from '../../components/new-password-fields';
import { registerAccount } from './api';
import { AccountsShell } from './components/accounts-shell';
import { ErrorAlert } from '../../components/error-alert';
import type { RegisterFormOutput } from './register.schema';

const schema = lazyResolver(() => import('./register.schema').then((m) => m.registerResolver));

const FIELDS = [
  'email',
  'first_name',
  'last_name',
  'cpf',
  'phone',
  'password',
  'confirm_password',
] as const;

const EMPTY: RegisterFormInput = {
  email: '',
  first_name: '',
  last_name: '',
  cpf: '',
  phone: '',
  password: '',
  confirm_password: '',
};

export const accountCreatedNotice = (email: string) =>
  `Conta criada! Enviamos um código de verificação para ${email}. Entre para confirmar sua conta.`;

export function RegisterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: schema.resolver,
    defaultValues: EMPTY,
  });

  if (user && !isSubmitting) return <Navigate to={homePathFor(user)} replace />;

  const onSubmit = async ({ confirm_password: _confirm, ...body }: RegisterFormOutput) => {
    setFailure(null);
    try {
      await registerAccount(body);
      await navigate(paths.login(), { state: { notice: accountCreatedNotice(body.email) } });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyServerErrors(error, setError, FIELDS)) {
        setFailure(errorMessage(error, messages.common.requestFailed));
      }
    }
  };

  return (
    <AccountsShell width={600}>
      <Stack gap={4} align="center" ta="center">
        <Title order={1} fz={26}>
          Criar conta
        </Title>
        <Text size="sm" c="dimmed">
          Cadastre-se para solicitar selos de qualidade para a sua produção.
        </Text>
      </Stack>

      {failure && <ErrorAlert title="Não foi possível criar a conta">{failure}</ErrorAlert>}

      <form
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        onFocus={schema.preload}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            placeholder="seu@email.com"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Nome"
              autoComplete="given-name"
              required
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <TextInput
              label="Sobrenome"
              autoComplete="family-name"
              required
              error={errors.last_name?.message}
              {...register('last_name')}
            />
            <MaskedField
              control={control}
              name="cpf"
              label="CPF"
              mask={CPF_MASK}
              placeholder="000.000.000-00"
              inputMode="numeric"
              autoComplete="off"
              required
            />
            <MaskedField
              control={control}
              name="phone"
              label="Telefone"
              mask={PHONE_MASK}
              placeholder="(00) 00000-0000"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              required
            />
            <NewPasswordFields
              password={register('password')}
              confirm={register('confirm_password')}
              passwordError={errors.password?.message}
              confirmError={errors.confirm_password?.message}
              label="Senha"
              confirmLabel="Confirmar senha"
              confirmDescription="Digite a senha novamente"
            />
          </SimpleGrid>
          <Button type="submit" size="md" fullWidth mt="xs" disabled={isSubmitting}>
            {isSubmitting ? 'Criando conta...' : 'Criar conta'}
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        Já tem uma conta?{' '}
        <Anchor component={Link} to={paths.login()} fw={600}>
          Faça login
        </Anchor>
      </Text>
    </AccountsShell>
  );
}
