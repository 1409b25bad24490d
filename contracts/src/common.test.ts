import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSaoPauloDay } from './common';

afterEach(() => vi.restoreAllMocks());

describe('toSaoPauloDay', () => {
  it('keeps a valid day and refuses an impossible one or any other text', () => {
    expect(toSaoPauloDay('2025-10-01')).toBe('2025-10-01');
    expect(toSaoPauloDay('2025-02-30')).toBeNull();
    expect(toSaoPauloDay('01/10/2025')).toBeNull();
    expect(toSaoPauloDay('2025-10-01Tnada')).toBeNull();
  });

  it('reduces a date-time to its day in São Paulo (UTC−3)', () => {
    expect(toSaoPauloDay('2025-10-02T02:59:59Z')).toBe('2025-10-01');
    expect(toSaoPauloDay('2025-10-02T03:00:00Z')).toBe('2025-10-02');
    expect(toSaoPauloDay('2025-10-01T23:30:00-03:00')).toBe('2025-10-01');
  });

  it('builds its time-zone formatter at most once, however many dates it reduces', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (let hour = 0; hour < 24; hour += 1)
      toSaoPauloDay(`2025-10-02T${String(hour).padStart(2, '0')}:00:00Z`);
    expect(built.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
