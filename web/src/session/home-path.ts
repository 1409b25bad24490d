import type { Role } from '@agroselo/contracts';
import { paths } from '../lib/paths';

interface Account {
  role: Role;
  pending: boolean;
}

/** Spec §2 (login): where each account lands. */
export function homePathFor(user: Account): string {
  if (user.pending) return paths.verificationCode();
  switch (user.role) {
    case 'owner':
      return paths.profile();
    case 'technician':
    case 'admin':
      return paths.processInstances();
    default:
      return paths.home();
  }
}

/** Only paths of this app: never another origin ('//host', '/\\host') nor the login itself. */
export function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === paths.login() || next.startsWith(`${paths.login()}?`)) return null;
  return next;
}

/** A pending account must verify first; others go back where they were headed, else home. */
export function destinationAfterLogin(user: Account, next?: unknown): string {
  if (user.pending) return paths.verificationCode();
  return safeNext(next) ?? homePathFor(user);
}
