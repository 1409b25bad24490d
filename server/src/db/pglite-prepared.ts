import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { BoundedMap, stringBytes } from '../lib/bounded-map';
import { oneTaskPerTurn } from '../lib/limit';

/**
 * Named statements kept per database; past this many, or this much text, the least recently used
 * is closed (PostgreSQL keeps each one's plan in the WebAssembly memory, which never shrinks).
 */
const MAX_STATEMENTS = 500;
const MAX_STATEMENT_BYTES = 4 * 1024 * 1024;

/**
 * The PGlite client Drizzle is given in embedded mode. PGlite's own `query` sends every statement
 * unnamed, so PostgreSQL parses and plans it again each time; planning a join reads the size of
 * every relation it touches, each read a file system call out of WebAssembly, and costs several
 * times what running a page query does (docs/decisions/013). This sends each distinct statement
 * text once as a named prepared statement and then only binds and executes it, in one exchange
 * with PostgreSQL, so its plan is cached like a prepared statement on a PostgreSQL connection.
 *
 * Statements inside a transaction go through PGlite's transaction object unchanged (writes, rare).
 */
export function preparedPglite(
  client: PGlite,
): Pick<PGlite, 'query' | 'transaction' | 'exec' | 'close'> {
  const statements = new BoundedMap<string, { name: string; types: number[] }>({
    maxEntries: MAX_STATEMENTS,
    maxBytes: MAX_STATEMENT_BYTES,
    sizeOf: (text, statement) => stringBytes(text) + 8 * statement.types.length + 64,
  });
  let next = 0;
  const inItsTurn = oneTaskPerTurn();
  const run = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  const concat = (parts: Uint8Array[]) => {
    const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    return bytes;
  };

  async function statementFor(text: string, options?: QueryOptions) {
    const known = statements.get(text);
    if (known) return known;
    const name = `agroselo_${next++}`;
    // A Sync ends every exchange, so an error leaves no half-done message behind.
    const described = await run(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    for (const [, dropped] of statements.set(text, statement))
      await run(
        concat([
          protocol.serialize.close({ type: 'S', name: dropped.name }),
          protocol.serialize.sync(),
        ]),
      );
    return statement;
  }

  async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    // PGlite's own mutexes: no statement runs inside someone else's transaction.
    return inItsTurn(() =>
      client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const statement = await statementFor(text, options);
          const values = params.map((param, i) => {
            if (param === null || param === undefined) return null;
            const oid = statement.types[i]!;
            const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
            return serialize ? serialize(param) : String(param as string);
          });
          const messages = await run(
            concat([
              protocol.serialize.bind({ statement: statement.name, values }),
              protocol.serialize.describe({ type: 'P' }),
              protocol.serialize.execute({}),
              protocol.serialize.sync(),
            ]),
          );
          await client.syncToFs();
          return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
        }),
      ),
    );
  }

  return {
    query,
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction(callback),
    exec: (text: string, options?: QueryOptions) => client.exec(text, options),
    close: () => client.close(),
  } as Pick<PGlite, 'query' | 'transaction' | 'exec' | 'close'>;
}
