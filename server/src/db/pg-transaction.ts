import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/*
 * drizzle-orm's node-postgres session takes a client from the pool and sends BEGIN before the
 * try block that releases it. When BEGIN fails (the database went away a moment ago) that client
 * is never given back: after `max` such failures every later request waits for a connection
 * forever. Here the pool's client is taken and released around the original code, which, given
 * a session bound to one client, neither takes nor releases any. A client that died is dropped
 * by the pool on release.
 */
type Transaction = NodePgSession<Record<string, unknown>, never>['transaction'];
interface SessionInternals {
  client: pg.Pool | pg.PoolClient;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

const original = NodePgSession.prototype.transaction as Transaction;

NodePgSession.prototype.transaction = async function (
  this: NodePgSession<Record<string, unknown>, never>,
  transaction: Parameters<Transaction>[0],
  config?: Parameters<Transaction>[1],
) {
  const self = this as unknown as SessionInternals;
  if (!(self.client instanceof pg.Pool)) return original.call(this, transaction, config);
  const client = await self.client.connect();
  try {
    const session = new NodePgSession(client, self.dialect, self.schema, self.options);
    return await original.call(session, transaction, config);
  } finally {
    client.release();
  }
} as typeof NodePgSession.prototype.transaction;
