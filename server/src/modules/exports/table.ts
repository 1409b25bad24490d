import { brazilianDay } from '../certificates/status';

/**
 * A table to export, free of I/O: its columns, and how each kind of cell reads in a CSV that
 * Excel in Brazil opens right (pt-BR dates, decimal commas, `;` between cells).
 */

/** `date`: a 'YYYY-MM-DD' day; `datetime`: an instant, shown in São Paulo time. */
export type ColumnKind = 'text' | 'number' | 'date' | 'datetime';
export type Cell = string | number | boolean | Date | null;

export interface Column {
  header: string;
  kind?: ColumnKind;
  /** Characters, for the XLSX; the header's length when left out. */
  width?: number;
}

/** A sheet of a workbook (a CSV is one sheet); rows come in batches, read from the database. */
export interface Sheet {
  name: string;
  columns: readonly Column[];
  rows: () => AsyncIterable<Cell[][]>;
}

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

// A text starting with one of these is a formula to a spreadsheet (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

let saoPauloClock: Intl.DateTimeFormat | undefined;

/** The instant as São Paulo's wall clock: [YYYY, MM, DD, hh, mm]. */
export function saoPauloParts(at: Date): [string, string, string, string, string] {
  saoPauloClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    saoPauloClock!.formatToParts(at).find((item) => item.type === type)?.value ?? '00';
  return [part('year'), part('month'), part('day'), part('hour'), part('minute')];
}

/** 'dd/mm/aaaa hh:mm' in São Paulo. */
export function brazilianDateTime(at: Date): string {
  const [year, month, day, hour, minute] = saoPauloParts(at);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** A cell as CSV text, quoted when it must be; texts that would run as formulas start with '. */
export function csvCell(value: Cell, kind: ColumnKind = 'text'): string {
  if (value === null || value === '') return '';
  let text: string;
  if (value instanceof Date) text = brazilianDateTime(value);
  else if (typeof value === 'boolean') text = value ? 'Sim' : 'Não';
  else if (typeof value === 'number') text = String(value).replace('.', ',');
  else if (kind === 'date') text = brazilianDay(value);
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[], columns: readonly Column[] = []): string =>
  `${cells.map((cell, index) => csvCell(cell, columns[index]?.kind)).join(CSV_SEPARATOR)}\r\n`;

/**
 * A sheet name as Excel accepts it: at most 31 characters, none of : \ / ? * [ ], unique in its
 * workbook (`taken` holds the names given so far).
 */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Planilha';
  let name = base.slice(0, 31);
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}
