import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  ConfirmCarriedBodySchema,
  MultipartFlagSchema,
  RiceAreaSchema,
  SafraFilterSchema,
  SafraSchema,
  isSafra,
  nextSafra,
  parseRiceArea,
  safraOf,
} from './safras';
import { NextSeasonBodySchema } from './seals';

const m = messages.safras;

describe('safra rules', () => {
  it('accepts consecutive years only', () => {
    expect(isSafra('2026/27')).toBe(true);
    expect(isSafra('2099/00')).toBe(true);
    expect(isSafra('2026/28')).toBe(false);
    expect(isSafra('2026-27')).toBe(false);
    expect(isSafra('26/27')).toBe(false);
  });

  it('names the next season and the season of a date', () => {
    expect(nextSafra('2026/27')).toBe('2027/28');
    expect(nextSafra('2099/00')).toBe('2100/01');
    expect(safraOf('2026-08-01')).toBe('2026/27');
    expect(safraOf('2027-03-15')).toBe('2026/27');
  });

  it('answers the format message for a malformed safra', () => {
    expect(SafraSchema.safeParse('2026/2027').error?.issues[0]?.message).toBe(m.safraInvalid);
    expect(SafraSchema.safeParse('').error?.issues[0]?.message).toBe(m.safraRequired);
  });

  it('filters by a safra, ignores a blank one and refuses a malformed one', () => {
    expect(SafraFilterSchema.parse('2026/27')).toBe('2026/27');
    expect(SafraFilterSchema.parse('')).toBeUndefined();
    expect(SafraFilterSchema.parse(undefined)).toBeUndefined();
    expect(SafraFilterSchema.safeParse('2026').error?.issues[0]?.message).toBe(m.safraInvalid);
  });
});

describe('rice area', () => {
  it('reads the pt-BR decimal comma and the point alike', () => {
    expect(parseRiceArea('12,5')).toEqual({ ok: true, value: 12.5 });
    expect(parseRiceArea('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseRiceArea(' 140,25 ')).toEqual({ ok: true, value: 140.25 });
    expect(parseRiceArea(80)).toEqual({ ok: true, value: 80 });
    expect(RiceAreaSchema.parse('0,01')).toBe(0.01);
  });

  it('says what is wrong', () => {
    expect(parseRiceArea('')).toEqual({ ok: false, message: m.riceAreaRequired });
    expect(parseRiceArea('muito')).toEqual({ ok: false, message: m.riceAreaRequired });
    expect(parseRiceArea('1.000,5')).toEqual({ ok: false, message: m.riceAreaRequired });
    expect(parseRiceArea('0')).toEqual({ ok: false, message: m.riceAreaPositive });
    expect(parseRiceArea('-3')).toEqual({ ok: false, message: m.riceAreaPositive });
    expect(parseRiceArea(0)).toEqual({ ok: false, message: m.riceAreaPositive });
    expect(parseRiceArea('12,555')).toEqual({ ok: false, message: m.riceAreaDecimals });
    expect(parseRiceArea(12.555)).toEqual({ ok: false, message: m.riceAreaDecimals });
    expect(parseRiceArea('1000000,01')).toEqual({ ok: false, message: m.riceAreaTooLarge });
  });

  it('refuses what is neither text nor number', () => {
    expect(RiceAreaSchema.safeParse(true).error?.issues[0]?.message).toBe(m.riceAreaRequired);
  });
});

describe('request and confirm bodies', () => {
  it('reads a flag from a form or JSON, false when absent', () => {
    expect(MultipartFlagSchema.parse('true')).toBe(true);
    expect(MultipartFlagSchema.parse(false)).toBe(false);
    expect(MultipartFlagSchema.parse(undefined)).toBe(false);
    expect(MultipartFlagSchema.safeParse('sim').error?.issues[0]?.message).toBe(m.flagInvalid);
  });

  it('confirms every carried field when no ids are sent', () => {
    expect(ConfirmCarriedBodySchema.parse(undefined)).toEqual({ field_ids: undefined });
    expect(ConfirmCarriedBodySchema.parse({})).toEqual({ field_ids: undefined });
    expect(ConfirmCarriedBodySchema.safeParse({ field_ids: ['x'] }).success).toBe(false);
  });

  it('checks the next season dates in order', () => {
    const body = {
      safra: '2027/28',
      start_date: '2027-08-01',
      end_date: '2027-07-01',
      validity_start: '2028-03-01',
      validity_end: '2029-02-28',
    };
    const issues = NextSeasonBodySchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['end_date']);
    expect(NextSeasonBodySchema.parse({ ...body, end_date: '2027-12-31' }).safra).toBe('2027/28');
  });
});
