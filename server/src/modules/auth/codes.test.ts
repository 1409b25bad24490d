import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_MS,
  codeExpiry,
  codeMatches,
  generateCode,
  hashCode,
  isCodeUsable,
  normalizeCodeInput,
  resendWaitSeconds,
} from './codes';

const key = randomBytes(32);
const now = new Date('2026-03-10T12:00:00Z');
const fresh = { attempts: 0, expiresAt: codeExpiry(now), consumedAt: null };

describe('verification codes', () => {
  it('are six digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored as a keyed hash bound to their row', () => {
    const hash = hashCode(key, 'row-1', '012345');
    expect(hash).not.toContain('012345');
    expect(hashCode(key, 'row-2', '012345')).not.toBe(hash);
    expect(hashCode(randomBytes(32), 'row-1', '012345')).not.toBe(hash);
    expect(codeMatches(key, 'row-1', hash, '012345')).toBe(true);
    expect(codeMatches(key, 'row-1', hash, '012346')).toBe(false);
    expect(codeMatches(key, 'row-2', hash, '012345')).toBe(false);
    expect(codeMatches(key, 'row-1', 'short', '012345')).toBe(false);
  });

  it('forgive the spaces and dashes of a pasted code', () => {
    expect(normalizeCodeInput(' 012 345 ')).toBe('012345');
    expect(normalizeCodeInput('012-345')).toBe('012345');
  });

  it('last 15 minutes', () => {
    expect(codeExpiry(now).getTime() - now.getTime()).toBe(15 * 60_000);
    expect(CODE_TTL_MS).toBe(15 * 60_000);
    expect(isCodeUsable(fresh, new Date(now.getTime() + CODE_TTL_MS - 1))).toBe(true);
    expect(isCodeUsable(fresh, new Date(now.getTime() + CODE_TTL_MS))).toBe(false);
  });

  it('stop working after 5 tries or once used', () => {
    expect(isCodeUsable({ ...fresh, attempts: 4 }, now)).toBe(true);
    expect(isCodeUsable({ ...fresh, attempts: 5 }, now)).toBe(false);
    expect(isCodeUsable({ ...fresh, consumedAt: now }, now)).toBe(false);
  });

  it('may be resent once a minute', () => {
    expect(resendWaitSeconds(undefined, now)).toBe(0);
    expect(resendWaitSeconds(now, now)).toBe(60);
    expect(resendWaitSeconds(new Date(now.getTime() - 59_500), now)).toBe(1);
    expect(resendWaitSeconds(new Date(now.getTime() - 60_000), now)).toBe(0);
  });
});
