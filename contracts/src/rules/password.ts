import { onlyDigits } from './documents';

/**
 * The part of the password policy that needs no list: a password may not be the account's
 * e-mail, its local part or its CPF. The password is taken exactly as typed (no trim); the e-mail
 * is compared without case, as addresses are.
 */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const typed = password.toLowerCase();
  const at = address.lastIndexOf('@');
  return typed === address || (at > 0 && typed === address.slice(0, at));
}

/** The CPF's digits, typed bare or with its mask (000.000.000-00). */
export function passwordMatchesCpf(password: string, cpf: string): boolean {
  const digits = onlyDigits(cpf);
  if (digits.length === 0 || !/^[\d.\-\s]+$/.test(password)) return false;
  return onlyDigits(password) === digits;
}
