import type * as NodeCrypto from 'node:crypto';
import { expect, it, vi } from 'vitest';

// Spies on node:crypto as the code module sees it: every digit of a code must come from randomInt.
const randomInt = vi.hoisted(() => vi.fn<(min: number, max: number) => number>());
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  randomInt.mockImplementation((min, max) => crypto.randomInt(min, max));
  return { ...crypto, randomInt };
});

const { generateCode } = await import('../../src/modules/auth/codes');

it('draws each verification code from the CSPRNG, over the whole six-digit range', () => {
  randomInt.mockClear();
  const code = generateCode();
  expect(code).toMatch(/^\d{6}$/);
  expect(randomInt).toHaveBeenCalledOnce();
  expect(randomInt).toHaveBeenCalledWith(0, 1_000_000);
  expect(Number(code)).toBe(randomInt.mock.results[0]?.value);
});

it('keeps the leading zeros the CSPRNG gives', () => {
  randomInt.mockReturnValueOnce(42);
  expect(generateCode()).toBe('000042');
});
