import { describe, expect, it } from 'vitest';
import { numberContent, numberText, typedNumber } from './number';

describe("a 'Número' as typed", () => {
  it('keeps digits, one decimal comma and a leading minus', () => {
    expect(typedNumber('1O5')).toBe('15');
    expect(typedNumber('12.5')).toBe('12,5');
    expect(typedNumber('1,2,5')).toBe('1,25');
    expect(typedNumber('-3 ha')).toBe('-3');
  });

  it('is kept as the stored number, and shown back with its comma', () => {
    expect(numberContent('1050,25')).toBe('1050.25');
    expect(numberContent('12,')).toBe('12');
    expect(numberContent('')).toBeNull();
    expect(numberContent('-')).toBeNull();
    expect(numberText('1050.25')).toBe('1050,25');
    expect(numberText(null)).toBe('');
  });
});
