import { describe, expect, it } from 'vitest';
import { checkFieldContent, FIELD_TEXT_MAX, normalizeDateTime } from './forms';
import { messages } from './messages';

const m = messages.forms;

describe('checkFieldContent', () => {
  it('clears a field for null, an empty text or blanks, whatever its type', () => {
    for (const type of ['text', 'bool', 'date', 'datetime', 'form'] as const) {
      expect(checkFieldContent(type, null)).toEqual({ ok: true, value: null });
      expect(checkFieldContent(type, '')).toEqual({ ok: true, value: null });
      expect(checkFieldContent(type, '   ')).toEqual({ ok: true, value: null });
    }
  });

  it('keeps a text as typed, up to its limit, and refuses NUL', () => {
    expect(checkFieldContent('text', '  IRGA 424 RI ')).toEqual({
      ok: true,
      value: '  IRGA 424 RI ',
    });
    expect(checkFieldContent('text', 'a'.repeat(FIELD_TEXT_MAX)).ok).toBe(true);
    expect(checkFieldContent('text', 'a'.repeat(FIELD_TEXT_MAX + 1))).toEqual({
      ok: false,
      message: m.textTooLong(FIELD_TEXT_MAX),
    });
    expect(checkFieldContent('text', 'a\u0000').ok).toBe(false);
    expect(checkFieldContent('text', true)).toEqual({
      ok: false,
      message: messages.common.invalidInput,
    });
  });

  it('takes Sim/Não as true or false, text or JSON', () => {
    expect(checkFieldContent('bool', 'TRUE')).toEqual({ ok: true, value: 'true' });
    expect(checkFieldContent('bool', false)).toEqual({ ok: true, value: 'false' });
    for (const value of ['sim', '1', 'yes', 'verdadeiro'])
      expect(checkFieldContent('bool', value)).toEqual({ ok: false, message: m.boolInvalid });
  });

  it('takes a day, or a date-time reduced to its day in São Paulo', () => {
    expect(checkFieldContent('date', '2025-10-01')).toEqual({ ok: true, value: '2025-10-01' });
    expect(checkFieldContent('date', '2025-10-02T02:00:00Z')).toEqual({
      ok: true,
      value: '2025-10-01',
    });
    for (const value of ['2025-02-30', '01/10/2025', 'amanhã', '2025-13-01'])
      expect(checkFieldContent('date', value)).toEqual({ ok: false, message: m.dateInvalid });
  });

  it('takes a date-time with its zone, stored in UTC', () => {
    expect(checkFieldContent('datetime', '2025-10-01T08:15-03:00')).toEqual({
      ok: true,
      value: '2025-10-01T11:15:00.000Z',
    });
    expect(checkFieldContent('datetime', '2025-10-01T08:15:30.250Z')).toEqual({
      ok: true,
      value: '2025-10-01T08:15:30.250Z',
    });
    for (const value of [
      '2025-10-01T08:15',
      '2025-10-01',
      '2025-02-29T10:00Z',
      '2025-10-01T24:00Z',
    ])
      expect(checkFieldContent('datetime', value)).toEqual({
        ok: false,
        message: m.datetimeInvalid,
      });
  });

  it('gives a Lista no content of its own', () => {
    expect(checkFieldContent('form', 'linha')).toEqual({ ok: false, message: m.listHasNoContent });
  });
});

describe('normalizeDateTime', () => {
  it('refuses offsets that no zone has', () => {
    expect(normalizeDateTime('2025-10-01T08:00+15:00')).toBeNull();
    expect(normalizeDateTime('2024-02-29T23:59:59+0300')).toBe('2024-02-29T20:59:59.000Z');
  });
});
