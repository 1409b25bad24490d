import { describe, expect, it } from 'vitest';
import { IRGA_REGIONS, municipalityKey, municipalityKeysOf, regionOf } from './regions';

describe('regionOf', () => {
  it('finds the region whatever the case, accents and spacing', () => {
    expect(regionOf('Camaquã')).toBe('costeira_interna');
    expect(regionOf('  santa  vitoria do palmar ')).toBe('zona_sul');
    expect(regionOf('URUGUAIANA')).toBe('fronteira_oeste');
    expect(regionOf('Restinga Seca')).toBe('central');
  });

  it("reads a municipality outside IRGA's list as 'outras'", () => {
    expect(regionOf('Caxias do Sul')).toBe('outras');
    expect(regionOf('')).toBe('outras');
  });

  it('lists a region as keys that match the keys of typed names', () => {
    expect(municipalityKeysOf('zona_sul')).toContain(municipalityKey('Capão do Leão'));
  });

  it('puts each municipality in one region only', () => {
    const keys = IRGA_REGIONS.flatMap(municipalityKeysOf);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
