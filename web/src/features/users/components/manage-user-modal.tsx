import { useState } from 'react';
import { Alert, Avatar, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconShieldCheck, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PRODUCER_ROLES, SetTechnicianBodySchema, messages } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { BreakableAddress } from '../../../components/breakable-address';
import { ErrorAlert } from '../../../components/error-alert';
import { MaskedField } from '../../../components/masked-input';
import { applyServerErrors } from '../../../lib/form-errors';
import { CREA_MASK } from '../../../lib/masks';
import {
  USERS_QUERY_KEY,
  disableUser,
  enableUser,
  setAdmin,
  setTechnician,
  type UserItem,
} from '../api';
import { fullName, userInitials } from '../format';
import { RoleBadge, StatusBadge } from './user-badges';
import { UserHistory } from './user-history';

type Action =
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'technician'; crea: string }
  | { kind: 'admin' };

const SUCCESS: Record<Action['kind'], (name: string) => string> = {
  disable: (name) => `Conta de ${name} desativada. As sessões abertas dela foram encerradas.`,
  enable: (name) => `Conta de ${name} reativada.`,
  technician: (name) => `${name} agora é Técnico.`,
  admin: (name) => `${name} agora é Administrador.`,
};

function run(userId: string, action: Action): Promise<UserItem> {
  switch (action.kind) {
    case 'disable':
      return disableUser(userId);
    case 'enable':
      return enableUser(userId);
    case 'technician':
      return setTechnician(userId, { crea: action.crea });
    case 'admin':
      return setAdmin(userId);
  }
}

interface ManageUserModalProps {
  /** The account to manage; null keeps the modal closed. */
  user: UserItem | null;
  isSelf: boolean;
  /** Each change answers the account as it now is. */
  onChanged: (user: UserItem) => void;
  onClose: () => void;
}

/** 'Gerenciar': status, promotions and the account's history. */
export function ManageUserModal({ user, isSelf, onChanged, onClose }: ManageUserModalProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Gerenciar usuário" size="lg" centered>
      {/* Mounted anew for each account, so no form or failure of another one stays behind. */}
      {user && <ManageUser key={user.id} user={user} isSelf={isSelf} onChanged={onChanged} />}
    </Modal>
  );
}

function ManageUser({
  user,
  isSelf,
  onChanged,
}: {
  user: UserItem;
  isSelf: boolean;
  onChanged: (user: UserItem) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingAdmin, setConfirmingAdmin] = useState(false);
  const name = fullName(user);
  const mutation = useMutation({
    mutationFn: (action: Action) => run(user.id, action),
    onMutate: () => setFailure(null),
    onSuccess: (updated, action) => {
      onChanged(updated);
      setConfirmingAdmin(false);
      notifications.show({ color: 'leaf', message: SUCCESS[action.kind](fullName(updated)) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
  const busy = mutation.isPending ? mutation.variables.kind : null;
  const act = (action: Action) =>
    mutation.mutateAsync(action).catch((error: unknown) => {
      setFailure(errorMessage(error, messages.common.requestFailed));
      throw error;
    });

  const isAdmin = user.role === 'admin';
  const canPromoteToTechnician = PRODUCER_ROLES.includes(user.role);

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar color="leaf.7" variant="filled" radius="xl" size={52} aria-hidden>
          {userInitials(user)}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {name}
            {isSelf && ' (você)'}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <BreakableAddress address={user.email} />
          </Text>
          <Group gap="xs">
            <RoleBadge role={user.role} />
            <StatusBadge user={user} />
          </Group>
        </Stack>
      </Group>

      {failure && <ErrorAlert title="Não foi possível concluir a alteração">{failure}</ErrorAlert>}

      <Stack gap="xs" component="section" aria-labelledby="manage-status">
        <Title order={3} fz="md" id="manage-status">
          Status da conta
        </Title>
        {isAdmin ? (
          <Text size="sm" c="dimmed">
            {isSelf
              ? 'Você não pode desativar a sua própria conta.'
              : 'Administradores não podem ser desativados.'}
          </Text>
        ) : user.disabled ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm">A conta está inativa: o login é recusado.</Text>
            <Button
              leftSection={<IconUserCheck size={18} aria-hidden />}
              loading={busy === 'enable'}
              disabled={busy !== null}
              onClick={() => void act({ kind: 'enable' }).catch(() => undefined)}
            >
              Reativar conta
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm">
            <Text size="sm" maw={340}>
              Desativar recusa o login e encerra na hora as sessões abertas da conta.
            </Text>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconUserOff size={18} aria-hidden />}
              loading={busy === 'disable'}
              disabled={busy !== null}
              onClick={() => void act({ kind: 'disable' }).catch(() => undefined)}
            >
              Desativar conta
            </Button>
          </Group>
        )}
      </Stack>

      {canPromoteToTechnician && (
        <>
          <Divider />
          <TechnicianForm busy={busy} onSubmit={(crea) => act({ kind: 'technician', crea })} />
        </>
      )}

      {!isAdmin && (
        <>
          <Divider />
          <Stack gap="xs" component="section" aria-labelledby="manage-admin">
            <Title order={3} fz="md" id="manage-admin">
              Administrador
            </Title>
            {confirmingAdmin ? (
              <Alert color="grape" variant="light" title={`Tornar ${name} Administrador?`}>
                <Stack gap="sm">
                  <Text size="sm">
                    Administradores gerenciam usuários, selos e processos, e não podem ser
                    desativados nem voltar a outro papel por esta tela.
                  </Text>
                  <Group gap="sm" justify="flex-end">
                    <Button
                      variant="default"
                      onClick={() => setConfirmingAdmin(false)}
                      disabled={busy === 'admin'}
                    >
                      Cancelar
                    </Button>
                    <Button
                      color="grape"
                      loading={busy === 'admin'}
                      disabled={busy !== null && busy !== 'admin'}
                      onClick={() => void act({ kind: 'admin' }).catch(() => undefined)}
                    >
                      Confirmar
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Group justify="space-between" gap="sm">
                <Text size="sm" maw={340}>
                  Dá acesso a toda a administração do AgroSelo.
                </Text>
                <Button
                  variant="light"
                  color="grape"
                  leftSection={<IconShieldCheck size={18} aria-hidden />}
                  disabled={busy !== null || user.disabled}
                  onClick={() => setConfirmingAdmin(true)}
                >
                  Tornar Administrador
                </Button>
              </Group>
            )}
            {user.disabled && (
              <Text size="xs" c="dimmed">
                Reative a conta antes de torná-la Administrador.
              </Text>
            )}
          </Stack>
        </>
      )}

      <Divider />
      <UserHistory userId={user.id} />
    </Stack>
  );
}

type TechnicianFormInput = z.input<typeof SetTechnicianBodySchema>;
type TechnicianFormOutput = z.output<typeof SetTechnicianBodySchema>;

function TechnicianForm({
  busy,
  onSubmit,
}: {
  busy: Action['kind'] | null;
  onSubmit: (crea: string) => Promise<unknown>;
}) {
  const { control, handleSubmit, setError } = useForm<
    TechnicianFormInput,
    unknown,
    TechnicianFormOutput
  >({ resolver: zodResolver(SetTechnicianBodySchema), defaultValues: { crea: '' } });

  const submit = async ({ crea }: TechnicianFormOutput) => {
    try {
      await onSubmit(crea);
    } catch (error) {
      applyServerErrors(error, setError, ['crea']);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="manage-technician">
      <Title order={3} fz="md" id="manage-technician">
        Tornar Técnico
      </Title>
      <Text size="sm" c="dimmed">
        Informe o CREA do técnico: 7 dígitos (00.000-00) ou 14 dígitos.
      </Text>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <MaskedField
            control={control}
            name="crea"
            label="CREA"
            mask={CREA_MASK}
            placeholder="00.000-00"
            inputMode="numeric"
            autoComplete="off"
            required
            style={{ flex: '1 1 180px' }}
          />
          <Button type="submit" mt={25} loading={busy === 'technician'} disabled={busy !== null}>
            Tornar Técnico
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
