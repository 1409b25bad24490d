import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDay,
  formatMoment,
  formatMomentDay,
  formatPeriod,
  isPastDay,
  momentParts,
  todayDay,
} from './dates';
import { provideServerRender } from '../api/server-render';

// The strings the pages showed before these formatters replaced dayjs and the features' copies.
describe('dates', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a calendar day of the wire as DD/MM/YYYY, and a period of two', () => {
    expect(formatDay('2028-12-31')).toBe('31/12/2028');
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
    expect(formatPeriod('2026-08-01', '2027-07-31')).toBe('01/08/2026 a 31/07/2027');
  });

  it('writes a moment in pt-BR, in the local time zone, on a 24-hour clock', () => {
    expect(formatMoment(new Date(2026, 0, 5, 14, 7).toISOString())).toBe('05/01/2026 às 14:07');
    expect(formatMoment(new Date(2026, 11, 31, 0, 30).toISOString())).toBe('31/12/2026 às 00:30');
    expect(formatMoment(new Date(2026, 6, 9, 23, 59).toISOString())).toBe('09/07/2026 às 23:59');
    expect(formatMoment('not a date')).toBe('Invalid Date');
  });

  it('splits a moment into the local day and time the date-time inputs hold', () => {
    expect(momentParts(new Date(2026, 0, 5, 7, 3).toISOString())).toEqual({
      day: '2026-01-05',
      time: '07:03',
    });
    expect(momentParts('not a date')).toBeNull();
  });

  it("writes a moment's day as São Paulo lived it, whatever the browser's zone", () => {
    // 01:30 UTC is still the evening before in São Paulo (UTC−3).
    expect(formatMomentDay('2026-01-06T01:30:00Z')).toBe('05/01/2026');
    expect(formatMomentDay('2026-01-06T03:00:00Z')).toBe('06/01/2026');
    expect(formatMomentDay('2028-12-31T12:00:00-03:00')).toBe('31/12/2028');
  });

  it('gives today as YYYY-MM-DD and tells whether a day is behind us', () => {
    vi.useFakeTimers({ now: new Date(2026, 5, 15, 23, 59) });
    expect(todayDay()).toBe('2026-06-15');
    expect(isPastDay('2026-06-14')).toBe(true);
    expect(isPastDay('2026-06-15')).toBe(false);
    expect(isPastDay('2027-01-01')).toBe(false);
    vi.setSystemTime(new Date(2027, 0, 1, 0, 0));
    expect(todayDay()).toBe('2027-01-01');
    expect(isPastDay('2026-12-31')).toBe(true);
  });
});

describe("moments rendered on the server, in the visitor's time zone", () => {
  afterEach(() => provideServerRender(() => undefined));

  it('reads a moment as the browser that will hydrate the page does', () => {
    const render = (timeZone: string) =>
      provideServerRender(() => ({ token: 't', timeZone, fetch: () => Promise.reject() }));
    render('America/Sao_Paulo');
    expect(formatMoment('2026-03-01T02:30:00Z')).toBe('28/02/2026 às 23:30');
    render('Asia/Tokyo');
    expect(formatMoment('2026-03-01T02:30:00Z')).toBe('01/03/2026 às 11:30');
    // Midnight on a 24-hour clock is 00, whatever the engine writes.
    render('UTC');
    expect(formatMoment('2026-03-01T00:05:00Z')).toBe('01/03/2026 às 00:05');
  });
});
