/** Rows per read: a batch is all an export holds in memory at once. */
export const BATCH_SIZE = 500;

/**
 * Reads a whole query batch after batch, each starting after the key of the last row read (keyset
 * paging): memory stays one batch whatever the table's size, each read walks the list's index
 * from where the last one stopped, and no cursor or transaction is held between batches, so it
 * runs alike on PGlite and on a pool of PostgreSQL connections.
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
