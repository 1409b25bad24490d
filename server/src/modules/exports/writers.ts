import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { BOM, csvLine, saoPauloParts, sheetName, type Column, type Sheet } from './table';

/** The sheet as CSV text: a BOM, the header row, then the rows as the database hands them over. */
export function csvStream(sheet: Sheet): Readable {
  async function* lines() {
    yield BOM + csvLine(sheet.columns.map((column) => column.header));
    for await (const batch of sheet.rows()) {
      yield batch.map((cells) => csvLine(cells, sheet.columns)).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

const NUMBER_FORMATS: Partial<Record<NonNullable<Column['kind']>, string>> = {
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** Excel has no time zones: an instant is written as São Paulo's wall clock. */
function xlsxValue(value: ExcelJS.CellValue | boolean, kind: Column['kind']): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (value instanceof Date) {
    const [year, month, day, hour, minute] = saoPauloParts(value).map(Number) as number[];
    return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!));
  }
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  return value;
}

/**
 * The sheets as one XLSX, written by exceljs' streaming writer: each row leaves memory once
 * committed, and a slow reader holds the database reads back. Sheets are written one after the
 * other (a zip's entries follow each other). A failure halfway ends the download with an error.
 */
export function xlsxStream(sheets: readonly Sheet[], log: FastifyBaseLogger): Readable {
  const output = new PassThrough();
  const taken = new Set<string>();
  const write = async () => {
    // Loaded on the first XLSX export: about 25 MiB that a server which never exports keeps out
    // of its memory (docs/decisions/013).
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheetName(sheet.name, taken), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      worksheet.columns = sheet.columns.map((column, index) => ({
        header: column.header,
        key: String(index),
        width: Math.min(60, Math.max(10, column.width ?? column.header.length + 2)),
        style: NUMBER_FORMATS[column.kind ?? 'text']
          ? { numFmt: NUMBER_FORMATS[column.kind ?? 'text'] }
          : {},
      }));
      worksheet.getRow(1).font = { bold: true };
      for await (const batch of sheet.rows()) {
        for (const cells of batch) {
          worksheet
            .addRow(cells.map((cell, index) => xlsxValue(cell, sheet.columns[index]?.kind)))
            .commit();
        }
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      worksheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    log.error({ err: error }, 'export failed halfway');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
