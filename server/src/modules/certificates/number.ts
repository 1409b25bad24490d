import { randomInt } from 'node:crypto';
import {
  CERTIFICATE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  formatCertificateNumber,
} from '@agroselo/contracts';

/**
 * A new certificate number from the CSPRNG: 8 symbols of 32 (40 bits), so numbers cannot be
 * guessed from one another; the unique index settles the rare collision (the caller retries).
 */
export function newCertificateNumber(): string {
  let code = '';
  for (let index = 0; index < CERTIFICATE_CODE_LENGTH; index += 1)
    code += CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)];
  return formatCertificateNumber(code);
}
