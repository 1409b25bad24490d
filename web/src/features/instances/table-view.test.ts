import { describe, expect, it } from 'vitest';
import { apiFilters, readView, writeView, type TableSort } from './table-view';

const DEFAULTS = {
  status: 'in_progress' as const,
  sort: { key: 'created_at', descending: true } satisfies TableSort,
};

describe('the view of a staff table in the address', () => {
  it('reads the Portuguese names into the API filters', () => {
    const view = readView(
      new URLSearchParams(
        'safra=2026/27&regiao=Campanha&ordem=-espera&situacao=aguardando-avaliacao&tecnico=sem-tecnico&atrasadas=sim&espera=30&parado=15&nivel=sem-nivel&municipio=Camaquã&busca=granja&pagina=3',
      ),
      DEFAULTS,
    );
    expect(apiFilters(view)).toEqual({
      status: 'pending',
      safra: '2026/27',
      process_id: undefined,
      level: 'sem_nivel',
      region: 'campanha',
      municipality: 'Camaquã',
      technician_id: 'unassigned',
      late: 'true',
      min_waiting_days: 30,
      min_idle_days: 15,
      sort: '-waiting_days',
    });
    expect(view.search).toBe('granja');
    expect(view.page).toBe(3);
  });

  it('leaves out what it does not know, and falls back to the defaults', () => {
    const view = readView(
      new URLSearchParams('regiao=Serra&ordem=cnpj&situacao=x&espera=-2&parado=abc'),
      DEFAULTS,
    );
    expect(apiFilters(view)).toMatchObject({
      status: 'in_progress',
      region: undefined,
      min_waiting_days: undefined,
      min_idle_days: undefined,
      sort: '-created_at',
    });
  });

  it("writes back only what differs from the defaults, keeping the page's own parameters", () => {
    const keep = new URLSearchParams('atribuidas=todas&regiao=Campanha');
    const view = readView(keep, DEFAULTS);
    expect(
      writeView(
        { ...view, sort: { key: 'waiting_days', descending: true } },
        DEFAULTS,
        keep,
      ).toString(),
    ).toBe('atribuidas=todas&regiao=Campanha&ordem=-espera');
    expect(
      writeView(
        readView(new URLSearchParams(), DEFAULTS),
        DEFAULTS,
        new URLSearchParams(),
      ).toString(),
    ).toBe('');
  });
});
