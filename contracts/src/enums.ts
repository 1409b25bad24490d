import { z } from 'zod';
import { ROLES } from './constants';

export const RoleSchema = z.enum(ROLES);

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
