import { z } from 'zod';

export const ROLES = ['user', 'owner', 'technician', 'admin', 'staff'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

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

export const FIELD_TYPES = ['text', 'date', 'datetime', 'bool', 'form'] as const;
export const FieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Texto',
  date: 'Data',
  datetime: 'Data/Hora',
  bool: 'Sim/Não',
  form: 'Lista',
};

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
