import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@agroselo/contracts';
import { errorMessage } from '../../api';
import { preloadAccountMenus } from '../../components/account-menus';
import { paths } from '../../lib/paths';
import { destinationAfterLogin, useSession } from '../../session';
import { BrandHeading } from '../../components/brand';
import { lazyResolver } from '../../lib/lazy-resolver';
import { HERO_MEDIA } from '../../lib/site';
import { requestToken } from './api';
import classes from './login.module.css';
import { ErrorAlert } from '../../components/error-alert';
import type { LoginForm } from './login.schema';

const schema = lazyResolver(() => import('./login.schema').then((m) => m.loginResolver));

interface LoginLocationState {
  /** A message from the page that sent the user here (e.g. the sign-up page). */
  notice?: string;
  /** Where the user was going. `?next=` says the same and survives a reload. */
  from?: string;
}

function readState(state: unknown): LoginLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { notice, from } = state as Record<string, unknown>;
  return {
    notice: typeof notice === 'string' ? notice : undefined,
    from: typeof from === 'string' ? from : undefined,
  };
}

// Loaded on first use: the modal's code (focus trap, scroll area) stays off the sign-in screen's
// first load on a slow link.
const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal').then((module) => ({ default: module.ForgotPasswordModal })),
);

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [forgotOpened, forgot] = useDisclosure(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, from } = readState(location.state);
  const next = searchParams.get('next') ?? from;

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: schema.resolver,
    defaultValues: { username: '', password: '', remember: false },
  });

  if (session.user && !isSubmitting) {
    return <Navigate to={destinationAfterLogin(session.user, next)} replace />;
  }

  const onSubmit = async (values: LoginForm) => {
    setFailure(null);
    preloadAccountMenus();
    try {
      const token = await requestToken(values);
      const user = await session.login(token.accessToken, values.remember);
      await navigate(destinationAfterLogin(user, next), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, messages.common.loginFailed));
    }
  };

  return (
    <div className={classes.page} style={{ backgroundImage: `url(${HERO_MEDIA.poster})` }}>
      <main className={classes.main}>
        <Paper component="section" className={classes.card} radius="lg" shadow="xl" p="xl">
          <Stack gap="lg">
            <BrandHeading to={paths.home()} />
            <Title order={1} fz={26} ta="center">
              Entrar
            </Title>

            {notice && (
              <Alert color="leaf" variant="light" icon={<IconCircleCheck aria-hidden />}>
                {notice}
              </Alert>
            )}
            {failure && <ErrorAlert title="Não foi possível entrar">{failure}</ErrorAlert>}

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
                  error={errors.username?.message}
                  {...register('username')}
                />
                <PasswordInput
                  label="Senha"
                  autoComplete="current-password"
                  required
                  error={errors.password?.message}
                  {...register('password')}
                />
                <Group justify="space-between" gap="xs">
                  <Checkbox label="Lembrar de mim" {...register('remember')} />
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => {
                      setForgotUsed(true);
                      forgot.open();
                    }}
                  >
                    Esqueci minha senha
                  </Button>
                </Group>
                <Button type="submit" size="md" fullWidth disabled={isSubmitting}>
                  {isSubmitting ? 'Entrando...' : 'Entrar'}
                </Button>
              </Stack>
            </form>

            <Anchor component={Link} to={paths.register()} ta="center" size="sm" fw={600}>
              Não tem conta? Cadastre-se
            </Anchor>
          </Stack>
        </Paper>
      </main>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened={forgotOpened}
            onClose={forgot.close}
            email={forgotOpened ? getValues('username').trim() : ''}
          />
        </Suspense>
      )}
    </div>
  );
}
