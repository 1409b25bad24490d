import { Badge } from '@mantine/core';
import { ROLE_LABELS, type Role } from '@agroselo/contracts';
import type { UserItem } from '../api';

/** Dark shades: white text on them stays above the 4.5:1 contrast of WCAG AA. */
const ROLE_COLORS: Record<Role, string> = {
  user: 'gray.7',
  owner: 'leaf.7',
  technician: 'blue.9',
  admin: 'grape.9',
  staff: 'cyan.9',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="filled" color={ROLE_COLORS[role]}>
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
