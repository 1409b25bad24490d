import { describe, expect, it } from 'vitest';
import { formatCoordinate, parseCoordinate } from './coordinates';

describe('coordinates', () => {
  it('writes decimal degrees with the pt-BR comma, up to six decimals', () => {
    expect(formatCoordinate(-30.8512)).toBe('-30,8512');
    expect(formatCoordinate(-51.79861234)).toBe('-51,798612');
    expect(formatCoordinate(-30)).toBe('-30');
  });

  it("writes what Intl's pt-BR formatter writes, rounding included", () => {
    const intl = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
    const values = [0, -0, 1e-7, -1e-7, 5e-7, 4.9e-7, 12.5, 0.1 + 0.2, 9.9999995, -33.1234565];
    values.push(179.9999995, 999.9999994, 999.9999999, 1234.5, Number.NaN, -Infinity);
    for (let i = 0; i < 2000; i++) {
      const degrees = ((i * 7919.123456789) % 360) - 180;
      values.push(degrees, Math.round(degrees * 1e7) / 1e7, Math.round(degrees * 1e4) / 1e4);
    }
    for (const value of values) expect(formatCoordinate(value)).toBe(intl.format(value));
  });

  it('reads a typed coordinate with the pt-BR decimal comma or a point, and nothing else', () => {
    expect(parseCoordinate('-30,8512')).toBe(-30.8512);
    expect(parseCoordinate(' -51.7986 ')).toBe(-51.7986);
    expect(parseCoordinate('-30')).toBe(-30);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('-30,85,12')).toBeNull();
    expect(parseCoordinate('trinta')).toBeNull();
  });
});
