import { z } from 'zod';
import { FIELD_TYPES, ROLES } from './constants';

export { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from './constants';

export const RoleSchema = z.enum(ROLES);

export const FieldTypeSchema = z.enum(FIELD_TYPES);
