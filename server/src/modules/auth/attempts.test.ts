import { describe, expect, it } from 'vitest';
import { ATTEMPT_WINDOW_MS, lockedForSeconds } from './attempts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
/** `count` failures, the newest first, one a second from `newestMsAgo` back. */
const failures = (count: number, newestMsAgo = 0) =>
  Array.from({ length: count }, (_, index) => ago(newestMsAgo + index * 1000));

describe('account attempt budget', () => {
  it('is open below the limit', () => {
    expect(lockedForSeconds(failures(9), 10, ATTEMPT_WINDOW_MS, now)).toBe(0);
  });

  it('is closed at the limit until the oldest counted failure leaves the window', () => {
    // The 10th newest failure is 9 s old: the account opens when it is 15 min old.
    expect(lockedForSeconds(failures(10), 10, ATTEMPT_WINDOW_MS, now)).toBe(15 * 60 - 9);
    expect(lockedForSeconds(failures(12), 10, ATTEMPT_WINDOW_MS, now)).toBe(15 * 60 - 9);
  });

  it('ignores failures older than the window', () => {
    expect(
      lockedForSeconds(failures(10, ATTEMPT_WINDOW_MS - 5000), 10, ATTEMPT_WINDOW_MS, now),
    ).toBe(0);
  });

  it('never asks to wait less than a second', () => {
    const edge = [...failures(9), ago(ATTEMPT_WINDOW_MS - 10)];
    expect(lockedForSeconds(edge, 10, ATTEMPT_WINDOW_MS, now)).toBe(1);
  });
});
