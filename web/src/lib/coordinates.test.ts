import { describe, expect, it } from 'vitest';
import { formatCoordinate, parseCoordinate } from './coordinates';

describe('coordinates', () => {
  it('writes decimal degrees with the pt-BR comma, up to six decimals', () => {
    expect(formatCoordinate(-30.8512)).toBe('-30,8512');
    expect(formatCoordinate(-51.79861234)).toBe('-51,798612');
    expect(formatCoordinate(-30)).toBe('-30');
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
