import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../scripts/backup-archive';
import { buildTestApp } from '../support/test-app';

/**
 * The server-pg project's files really run the app on PostgreSQL: they once fell back to PGlite
 * without a word, as only the workers, not the global setup, saw the project's TEST_DRIVER.
 */
describe('the test app in the server-pg project', () => {
  it('talks to a PostgreSQL server over the network through node-postgres', async () => {
    const t = await buildTestApp();
    expect((t.db as unknown as { $client: unknown }).$client).toBeInstanceOf(pg.Pool);
    // PGlite calls itself PostgreSQL too, but it has no network address: only a server has one.
    const [server] = await rowsOf<{ version: string; address: string | null }>(
      t.db,
      sql`select version() as version, host(inet_server_addr()) as address`,
    );
    expect(server?.version).toContain('PostgreSQL');
    expect(server?.address).toEqual(expect.any(String));
  });
});
