/**
 * Constants and rules without zod: the web app's first screen imports these, and must not load a
 * validation library to read a role label or a header name (the landing loads ≤ 180 KB of JS).
 */

export const ROLES = ['user', 'owner', 'technician', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Usuário',
  owner: 'Produtor',
  technician: 'Técnico',
  admin: 'Administrador',
  staff: 'Interno',
};

/** Roles that follow every process: they see the dashboard and evaluate requests. */
export const STAFF_ROLES: readonly Role[] = ['technician', 'admin'];
/** Roles of producers: they own properties and request seals. */
export const PRODUCER_ROLES: readonly Role[] = ['user', 'owner'];

/** Spec §4: the order of the enum is part of the contract. */
export enum InstanceStatus {
  ONGOING = 0,
  FINISHED = 1,
  PENDING = 2,
  PRODUCER_PENDING = 3,
  REJECTED = 4,
}

export interface InstanceFlags {
  finished: boolean;
  rejected: boolean;
  initiated: boolean;
  hasTechnician: boolean;
}

/** Spec §4: the status is derived from the flags, in this order. */
export function instanceStatus(flags: InstanceFlags): InstanceStatus {
  if (flags.finished) return InstanceStatus.FINISHED;
  if (!flags.hasTechnician) return InstanceStatus.PENDING;
  if (flags.rejected) return InstanceStatus.REJECTED;
  if (flags.initiated) return InstanceStatus.ONGOING;
  return InstanceStatus.PRODUCER_PENDING;
}

/** Lists send their full count in this header (DESIGN §4). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
