import { Badge } from '@mantine/core';
import { ROLE_LABELS, type Role } from '@agroselo/contracts';
import type { UserItem } from '../api';

const ROLE_COLORS: Record<Role, string> = {
  user: 'gray',
  owner: 'leaf',
  technician: 'blue',
  admin: 'grape',
  staff: 'cyan',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** Ativo/Inativo, and whether the e-mail still waits for its code. */
export function StatusBadge({ user }: { user: Pick<UserItem, 'disabled' | 'pending'> }) {
  return (
    <>
      <Badge variant="dot" color={user.disabled ? 'red' : 'leaf'}>
        {user.disabled ? 'Inativo' : 'Ativo'}
      </Badge>
      {user.pending && (
        <Badge variant="outline" color="gray">
          E-mail não confirmado
        </Badge>
      )}
    </>
  );
}
