import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RESEND_CODE_COOLDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@agroselo/contracts';

/** The rules of verification codes, free of I/O so they are tested on their own. */

export const CODE_TTL_MS = VERIFICATION_CODE_TTL_MINUTES * 60_000;
export const RESEND_COOLDOWN_MS = RESEND_CODE_COOLDOWN_SECONDS * 1000;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** What the user typed, minus the spaces or dashes a pasted code may carry. */
export const normalizeCodeInput = (input: string): string => input.replace(/[\s.-]/g, '');

/**
 * A keyed hash, bound to the code's row so equal codes of two rows never share a hash. A slow hash
 * would not help here: six digits are 10^6 candidates, which no work factor makes costly offline.
 * What guards a code is its short life and its few tries; the key (outside the table) only keeps a
 * copy of `verification_codes` alone from revealing live codes.
 */
export function hashCode(key: Buffer, codeId: string, code: string): string {
  return createHmac('sha256', key).update(`${codeId}:${code}`).digest('base64url');
}

export function codeMatches(key: Buffer, codeId: string, stored: string, input: string): boolean {
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(key, codeId, input));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface CodeRow {
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** Whether a code may still be tried: not used, not expired, tries left. */
export function isCodeUsable(code: CodeRow, now: Date): boolean {
  return (
    code.consumedAt === null &&
    code.expiresAt.getTime() > now.getTime() &&
    code.attempts < VERIFICATION_CODE_MAX_ATTEMPTS
  );
}

export const codeExpiry = (now: Date): Date => new Date(now.getTime() + CODE_TTL_MS);

/** Seconds left before a new code may be sent, 0 when it may be sent now. */
export function resendWaitSeconds(lastSentAt: Date | undefined, now: Date): number {
  if (!lastSentAt) return 0;
  const left = lastSentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
