import { describe, expect, it } from 'vitest';
import { normalizeSearch, propertySearchTerm } from './search';

describe('propertySearchTerm', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    [' 11 222 333 ', '11222333'],
    ['333/0001', '3330001'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['abc.345/01de', 'abc34501de'],
  ])('drops the mask of a CNPJ typed with it (%s)', (query, term) => {
    expect(propertySearchTerm(query)).toBe(term);
  });

  it.each(['Granja São João', 'são-lourenço', 'Arroio 3º distrito', '  camaquã '])(
    'keeps other searches as typed (%s)',
    (query) => {
      expect(propertySearchTerm(query)).toBe(query.trim());
    },
  );
});

describe('normalizeSearch', () => {
  it('lower-cases, drops accents and joins the parts with single spaces', () => {
    expect(normalizeSearch('Granja  São João', null, '12ABC34501DE35', 'Camaquã')).toBe(
      'granja sao joao 12abc34501de35 camaqua',
    );
  });
});
