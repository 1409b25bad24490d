/** Users as the admins manage them: lists, search, roles and status (spec §2 Usuários). */
import { z } from 'zod';
import { UserSchema } from './auth';
import { blankIsAbsent, ListQuerySchema, listSortSchema, safeText, validText } from './common';
import { ROLES } from './constants';
import { messages } from './messages';
import { isCrea, normalizeCrea } from './rules/documents';

/** Ativo or Inativo (disabled), as the Usuários screen labels an account. */
export const USER_STATUS_FILTERS = ['active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/**
 * The columns the Usuários table sorts by: `name` is the alphabetical order of the spec's list,
 * `status` puts active accounts first (unconfirmed e-mails after them), then the disabled ones.
 */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'status', 'created_at'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** The filters of the Usuários table, the list's and its export's alike (DESIGN §4c). */
export const UserFilterSchema = z.object({
  role: blankIsAbsent(z.enum(ROLES, { error: messages.users.roleFilterInvalid }).optional()),
  status: blankIsAbsent(
    z.enum(USER_STATUS_FILTERS, { error: messages.users.statusFilterInvalid }).optional(),
  ),
  sort: listSortSchema(USER_SORT_KEYS),
});
export type UserFilter = z.infer<typeof UserFilterSchema>;

/** GET /api/user/all: every account, or those of a role and status, in the order asked for. */
export const UserListQuerySchema = ListQuerySchema.omit({ query: true }).extend(
  UserFilterSchema.shape,
);
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** GET /api/user/search: name, e-mail or CPF (with or without its mask); blank lists everyone. */
export const UserSearchQuerySchema = UserListQuerySchema.extend({
  query: safeText().max(200).default(''),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;

/** One account on the Usuários screen. */
export const ManagedUserSchema = UserSchema.extend({
  created_at: z.iso.datetime({ offset: true }),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

/** PUT /api/user/{id}/set-technician (multipart `crea`): 7 or 14 digits, stored padded to 14. */
export const SetTechnicianBodySchema = z.object({
  crea: validText(messages.users.creaRequired, isCrea, messages.register.creaInvalid, 30).transform(
    normalizeCrea,
  ),
});
export type SetTechnicianBody = z.infer<typeof SetTechnicianBodySchema>;

/** What happened to an account; the history in the Gerenciar modal. */
export const USER_EVENT_TYPES = [
  'account_created',
  'email_verified',
  'email_changed',
  'profile_updated',
  'password_changed',
  'password_reset',
  'disabled',
  'enabled',
  'promoted_technician',
  'promoted_admin',
  'account_deleted',
] as const;
export const UserEventTypeSchema = z.enum(USER_EVENT_TYPES);
export type UserEventType = z.infer<typeof UserEventTypeSchema>;

/** GET /api/user/{id}/events: a page of the history. */
export const UserEventListQuerySchema = ListQuerySchema.omit({ query: true });
export type UserEventListQuery = z.infer<typeof UserEventListQuerySchema>;

/** GET /api/user/{id}/events: newest first. */
export const UserEventSchema = z.object({
  id: z.uuid(),
  type: UserEventTypeSchema,
  /** pt-BR sentence of what changed, e.g. 'Promovido a Técnico (CREA 12.345-67)'. */
  message: z.string(),
  /** Who made the change: an admin, or the account itself; null once that account is gone. */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type UserEvent = z.infer<typeof UserEventSchema>;
