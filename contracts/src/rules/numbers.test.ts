import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { checkFieldContent } from './field-content';
import { canonicalNumber, formatNumber, parseNumber, withUnit } from './numbers';

describe('parseNumber', () => {
  it('reads a stored number and a number as written in Brazil', () => {
    expect(parseNumber('1050.25')).toBe(1050.25);
    expect(parseNumber('1.050,25')).toBe(1050.25);
    expect(parseNumber('1050,25')).toBe(1050.25);
    expect(parseNumber(' -3 ')).toBe(-3);
    expect(parseNumber('1.050')).toBe(1.05);
  });

  it('refuses what is not a number, exponents and what is too large', () => {
    for (const text of [
      '1O5',
      '',
      '1,2,3',
      '1e5',
      '12.5.0',
      '1.05,0.1',
      'Infinity',
      '10000000000001',
    ])
      expect(parseNumber(text), text).toBeNull();
  });

  it('reads back every number it stores', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 4 }),
        (n, places) => {
          const value = n / 10 ** places;
          expect(parseNumber(canonicalNumber(value))).toBe(value);
        },
      ),
    );
  });
});

describe('formatNumber', () => {
  it('writes a decimal comma and dots between thousands', () => {
    expect(formatNumber(1050.25)).toBe('1.050,25');
    expect(formatNumber(0.5, 2)).toBe('0,5');
    expect(withUnit(500, 'ha')).toBe('500 ha');
  });
});

describe("checkFieldContent of a 'Número'", () => {
  it('stores a plain decimal from a JSON number or either written form', () => {
    expect(checkFieldContent('number', 105.5)).toEqual({ ok: true, value: '105.5' });
    expect(checkFieldContent('number', '1.050,5')).toEqual({ ok: true, value: '1050.5' });
    expect(checkFieldContent('number', '12.50')).toEqual({ ok: true, value: '12.5' });
  });

  it("refuses a typo and more decimals than the field's", () => {
    expect(checkFieldContent('number', '1O5')).toEqual({
      ok: false,
      message: messages.forms.numberInvalid,
    });
    expect(checkFieldContent('number', '2,125', { decimals: 2 })).toEqual({
      ok: false,
      message: messages.forms.numberDecimals(2),
    });
    expect(checkFieldContent('number', 3.5, { decimals: 0 })).toEqual({
      ok: false,
      message: 'Informe um número inteiro',
    });
    expect(checkFieldContent('text', 3)).toEqual({
      ok: false,
      message: messages.common.invalidInput,
    });
  });
});
