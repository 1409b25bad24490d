import { readFileSync } from 'node:fs';
import path from 'node:path';
import { messages, passwordMatchesCpf, passwordMatchesEmail } from '@agroselo/contracts';
import { serverAssets } from '../paths';
import { invalidField } from './errors';

let common: ReadonlySet<string> | undefined;

/** The shipped list (server/assets/common-passwords.txt), read once on first use. */
function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const text = readFileSync(path.join(serverAssets, 'common-passwords.txt'), 'utf8');
    common = new Set(text.split('\n').filter((line) => line !== '' && !line.startsWith('#')));
  }
  return common;
}

export const isCommonPassword = (password: string): boolean =>
  commonPasswords().has(password.toLowerCase());

/**
 * Every place a password is set (sign-up, reset, change) refuses, with a 422 on `field`, a
 * password from the common list or equal to the account's e-mail, its local part or its CPF.
 */
export function checkPasswordPolicy(
  password: string,
  account: { email: string; cpf?: string | null },
  field = 'password',
): void {
  let message: string | null = null;
  if (passwordMatchesEmail(password, account.email)) message = messages.password.sameAsEmail;
  else if (account.cpf && passwordMatchesCpf(password, account.cpf))
    message = messages.password.sameAsCpf;
  else if (isCommonPassword(password)) message = messages.password.common;
  if (message) throw invalidField(field, message, 'password_policy');
}
