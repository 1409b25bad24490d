import {
  ROLE_LABELS,
  RoleSchema,
  type ManagedUser,
  type UserEvent,
  type UserEventType,
} from '@agroselo/contracts';
import { users, type userEvents } from '../../db/schema';
import { isoTimestamp } from '../../lib/raw-statement';
import { presentUser } from '../auth/present';

type UserRow = typeof users.$inferSelect;
type EventRow = typeof userEvents.$inferSelect;

export function presentManagedUser(row: UserRow): ManagedUser {
  return { ...presentUser(row), created_at: row.createdAt.toISOString() };
}

/** The columns of a ManagedUser, in the order managedUserFromRow reads them. */
export const MANAGED_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  cpf: users.cpf,
  phone: users.phone,
  role: users.role,
  crea: users.crea,
  disabled: users.disabled,
  pending: users.pending,
  createdAt: users.createdAt,
};
export const MANAGED_USER_WIDTH = Object.keys(MANAGED_USER_COLUMNS).length;

/** presentManagedUser for a row of MANAGED_USER_COLUMNS read as an array (lib/raw-statement.ts). */
export const managedUserFromRow = (row: unknown[]): ManagedUser => ({
  id: row[0] as string,
  email: row[1] as string,
  first_name: row[2] as string,
  last_name: row[3] as string,
  cpf: row[4] as string,
  phone: row[5] as string,
  role: row[6] as ManagedUser['role'],
  crea: row[7] as string | null,
  disabled: row[8] as boolean,
  pending: row[9] as boolean,
  created_at: isoTimestamp(row[10] as string),
});

const FIELD_LABELS: Record<string, string> = {
  first_name: 'nome',
  last_name: 'sobrenome',
  cpf: 'CPF',
  phone: 'telefone',
  crea: 'CREA',
};

const roleLabel = (role: string | undefined) => {
  const parsed = RoleSchema.safeParse(role);
  return parsed.success ? ROLE_LABELS[parsed.data] : 'outro papel';
};

/** A padded 7-digit CREA in its short form 00.000-00, as the screens show it. */
const formatCrea = (crea = '') => {
  const short = /^0{7}\d{7}$/.test(crea) ? crea.slice(7) : crea;
  return short.length === 7 ? `${short.slice(0, 2)}.${short.slice(2, 5)}-${short.slice(5)}` : short;
};

const MESSAGES: Record<UserEventType, (data: Record<string, string>) => string> = {
  account_created: () => 'Conta criada',
  email_verified: (data) => (data.email ? `E-mail ${data.email} confirmado` : 'E-mail confirmado'),
  email_changed: (data) => `E-mail alterado de ${data.from} para ${data.to}`,
  profile_updated: (data) => `Alterou o ${FIELD_LABELS[data.field ?? ''] ?? 'perfil'}`,
  password_changed: () => 'Senha alterada no perfil',
  password_reset: () => 'Senha redefinida com o código enviado por e-mail',
  disabled: () => 'Conta desativada',
  enabled: () => 'Conta reativada',
  promoted_technician: (data) =>
    `Promovido de ${roleLabel(data.from)} a ${ROLE_LABELS.technician} (CREA ${formatCrea(data.crea)})`,
  promoted_admin: (data) => `Promovido de ${roleLabel(data.from)} a ${ROLE_LABELS.admin}`,
  account_deleted: () => 'Conta excluída pelo titular: dados pessoais anonimizados',
};

export interface UserEventRow {
  event: EventRow;
  actor: Pick<UserRow, 'id' | 'firstName' | 'lastName'> | null;
}

export function presentUserEvent({ event, actor }: UserEventRow): UserEvent {
  return {
    id: event.id,
    type: event.type,
    message: MESSAGES[event.type](event.data ?? {}),
    actor: actor ? { id: actor.id, name: `${actor.firstName} ${actor.lastName}`.trim() } : null,
    created_at: event.createdAt.toISOString(),
  };
}
