import { ROLE_LABELS } from '@agroselo/contracts';
import type { UserItem } from './api';

export const fullName = (user: Pick<UserItem, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

export const userInitials = (user: Pick<UserItem, 'firstName' | 'lastName'>): string =>
  `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase() || '?';

export const roleLabel = (user: Pick<UserItem, 'role'>): string => ROLE_LABELS[user.role];

export function userCountLabel(total: number, search: string): string {
  const noun = total === 1 ? 'usuário' : 'usuários';
  if (!search) return `${total} ${noun}`;
  return `${total} ${noun} ${total === 1 ? 'encontrado' : 'encontrados'} para "${search}"`;
}
