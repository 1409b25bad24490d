/** A CSV as its rows of cells, `;` between them and quotes undone (enough for these files). */
export function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

/** The cells of one column of an exported CSV, after its BOM and its header, by the header's name. */
export function csvColumn(body: string, name: string): string[] {
  const [header = [], ...rows] = csvRows(body.replace(/^\uFEFF/, ''));
  const at = header.indexOf(name);
  if (at < 0) throw new Error(`no column ${name} in ${header.join(';')}`);
  return rows.map((row) => row[at] ?? '');
}
