import { describe, expect, it } from 'vitest';
import { keysetBatches } from './batches';
import { brazilianDateTime, csvCell, csvLine, sheetName } from './table';

describe('csvCell', () => {
  it('writes pt-BR dates, decimal commas and Sim/Não', () => {
    expect(csvCell('2028-12-31', 'date')).toBe('31/12/2028');
    expect(csvCell(-30.851, 'number')).toBe('-30,851');
    expect(csvCell(true)).toBe('Sim');
    expect(csvCell(false)).toBe('Não');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a cell holding the separator, a quote or a line break', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
  });

  it('keeps texts that look like formulas from running, but not negative numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t'])
      expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell(-1, 'number')).toBe('-1');
  });
});

describe('brazilianDateTime', () => {
  it('shows the São Paulo wall clock', () => {
    expect(brazilianDateTime(new Date('2026-01-02T02:30:00Z'))).toBe('01/01/2026 23:30');
  });
});

describe('csvLine', () => {
  it('joins cells by `;` and ends with CRLF', () => {
    expect(
      csvLine(
        ['a', 1.5, '2026-03-01'],
        [{ header: 'x' }, { header: 'y', kind: 'number' }, { header: 'z', kind: 'date' }],
      ),
    ).toBe('a;1,5;01/03/2026\r\n');
  });
});

describe('sheetName', () => {
  it('drops the characters Excel refuses, cuts at 31 and never repeats a name', () => {
    const taken = new Set<string>();
    expect(sheetName('Lavoura: safra 2026/27', taken)).toBe('Lavoura  safra 2026 27');
    const long = 'Um nome de formulário muito comprido demais';
    expect(sheetName(long, taken)).toBe(long.slice(0, 31));
    expect(sheetName(long, taken)).toBe(`${long.slice(0, 27)} (2)`);
    expect(sheetName('', taken)).toBe('Planilha');
  });
});

describe('keysetBatches', () => {
  it('reads every row once, each batch after the last key', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => index);
    const asked: (number | null)[] = [];
    const batches: number[][] = [];
    for await (const batch of keysetBatches(
      async (after: number | null, limit) => {
        asked.push(after);
        return rows.filter((row) => after === null || row > after).slice(0, limit);
      },
      (row) => row,
      3,
    ))
      batches.push(batch);
    expect(batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(asked).toEqual([null, 2, 5]);
  });
});
