import { describe, expect, it } from 'vitest';
import { NO_FIGURES, summarise, type MunicipalityFigures } from './summary';

const row = (municipality: string, figures: Partial<MunicipalityFigures>): MunicipalityFigures => ({
  ...NO_FIGURES,
  municipality,
  ...figures,
});

describe('summarise', () => {
  it('merges spellings of one municipality, named by the spelling with the most requests', () => {
    const { by_municipality } = summarise([
      row('camaqua', { requests: 1, hectares_enrolled: 0.1 }),
      row('Camaquã', { requests: 3, hectares_enrolled: 0.2 }),
      row('CAMAQUÃ ', { requests: 2, certified: 1 }),
    ]);
    expect(by_municipality).toEqual([
      {
        ...NO_FIGURES,
        municipality: 'Camaquã',
        region: 'costeira_interna',
        requests: 6,
        certified: 1,
        hectares_enrolled: 0.3,
      },
    ]);
  });

  it('sums municipalities into their regions, every region listed in order, others last', () => {
    const { by_region, by_municipality } = summarise([
      row('Pelotas', { requests: 2, hectares_enrolled: 100.25 }),
      row('Rio Grande', { requests: 1, hectares_enrolled: 50.5, hectares_certified: 50.5 }),
      row('Uruguaiana', { requests: 1, rejected: 1 }),
      row('Porto Alegre', { requests: 4, in_progress: 4 }),
    ]);
    expect(by_region.map((region) => region.region)).toEqual([
      'fronteira_oeste',
      'campanha',
      'central',
      'costeira_interna',
      'costeira_externa',
      'zona_sul',
      'outras',
    ]);
    const region = (name: string) => by_region.find((r) => r.region === name)!;
    expect(region('zona_sul')).toMatchObject({
      label: 'Zona Sul',
      requests: 3,
      hectares_enrolled: 150.75,
      hectares_certified: 50.5,
    });
    expect(region('fronteira_oeste')).toMatchObject({ requests: 1, rejected: 1 });
    expect(region('outras')).toMatchObject({
      label: 'Outras regiões',
      requests: 4,
      in_progress: 4,
    });
    expect(region('central')).toEqual({
      region: 'central',
      label: 'Região Central',
      ...NO_FIGURES,
    });
    expect(by_municipality.map((m) => [m.municipality, m.region])).toEqual([
      ['Pelotas', 'zona_sul'],
      ['Porto Alegre', 'outras'],
      ['Rio Grande', 'zona_sul'],
      ['Uruguaiana', 'fronteira_oeste'],
    ]);
  });
});
