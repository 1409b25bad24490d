import { describe, expect, it } from 'vitest';
import { formatRiceArea, typedAreaOf, typedRiceArea } from './rice-area';

describe('rice area', () => {
  it('keeps digits and one decimal comma of what is typed, a point becoming the comma', () => {
    expect(typedRiceArea('125,50')).toBe('125,50');
    expect(typedRiceArea('125.5')).toBe('125,5');
    expect(typedRiceArea('1,2,3')).toBe('1,23');
    expect(typedRiceArea('12 ha')).toBe('12');
    expect(typedRiceArea('-5')).toBe('5');
    expect(typedRiceArea('')).toBe('');
  });

  it('writes an area back into the field with two decimals and the comma', () => {
    expect(typedAreaOf(125.5)).toBe('125,50');
    expect(typedAreaOf(80)).toBe('80,00');
    expect(typedAreaOf(1250.75)).toBe('1250,75');
  });

  it('reads an area in pt-BR, with thousands grouped and hectares', () => {
    expect(formatRiceArea(125.5)).toBe('125,50 ha');
    expect(formatRiceArea(1250.75)).toBe('1.250,75 ha');
    expect(formatRiceArea(0.5)).toBe('0,50 ha');
  });
});
