import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('writes pt-BR numbers: thousands grouped with a point, the decimal comma', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234.5, 2)).toBe('1.234,5');
    expect(formatNumber(12.345, 1)).toBe('12,3');
    expect(formatNumber(999)).toBe('999');
  });

  it("writes what Intl's pt-BR formatter writes, rounding included", () => {
    const values = [0, -0, 1e-7, -1e-7, 5e-7, 4.9e-7, 1.5e-9, 0.5, 1.005, 2.675, 12.5, 0.1 + 0.2];
    values.push(9.9999995, 999.95, 999.9999999, 1234.5, 99999.995, 1e6, 123456789.125);
    values.push(1e15 - 1, 1e15, 2 ** 60, Number.NaN, Infinity, -Infinity, Number.MAX_VALUE);
    for (let i = 0; i < 1500; i++) {
      const number = ((i * 7919.123456789) % 20000) - 10000;
      values.push(number, Math.round(number * 1e3) / 1e3, Math.round(number), number / 1e5);
    }
    for (const digits of [0, 1, 2, 6]) {
      const intl = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits });
      for (const value of values)
        expect(formatNumber(value, digits), `${value}`).toBe(intl.format(value));
    }
  });
});
