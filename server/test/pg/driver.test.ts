import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../scripts/backup-archive';
import { openPostgres } from '../../src/db/client';
import { withDatabase } from '../support/global-setup';
import { buildTestApp, pgTemplateUrl } from '../support/test-app';

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

describe('a PostgreSQL database in another encoding than UTF8', () => {
  it('is refused at start, saying what to change, before any request could fail on it', async () => {
    const admin = new pg.Client({ connectionString: withDatabase(pgTemplateUrl(), 'postgres') });
    await admin.connect();
    const name = `agroselo_latin1_${Date.now()}`;
    await admin.query(`create database ${name} encoding 'LATIN1' locale 'C' template template0`);
    try {
      await expect(openPostgres(withDatabase(pgTemplateUrl(), name))).rejects.toThrow(
        "O banco de dados usa a codificação LATIN1; o AgroSelo precisa de UTF8 (crie-o com ENCODING 'UTF8'",
      );
    } finally {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });
});
