import { afterAll, beforeAll } from 'vitest';
import {
  createPostgresCluster,
  findPostgresBin,
  type PostgresCluster,
} from '../../../scripts/postgres-cluster.mjs';
import { openPostgres } from '../../src/db/client';
import { buildTestApp, type TestApp } from './test-app';

/** PostgreSQL binaries to own a cluster with; undefined skips the outage tests, saying so. */
export const postgresBin = findPostgresBin();

export interface OwnedPostgres {
  /** The cluster the test stops and starts. */
  cluster: PostgresCluster;
  database: Awaited<ReturnType<typeof openPostgres>>;
  t: TestApp;
}

/**
 * A PostgreSQL cluster of this test file's own and the app on it (`env` added to its config), made
 * before its tests and destroyed after them: a test may stop and start it. Call inside a
 * `describe.skipIf(!postgresBin)`.
 */
export function ownedPostgres(env: Record<string, string> = {}): OwnedPostgres {
  const owned = {} as OwnedPostgres;
  // Kept as a promise so the cluster is removed even when a slow machine times the hook out.
  let starting: Promise<PostgresCluster> | undefined;
  beforeAll(async () => {
    starting = createPostgresCluster({ bin: postgresBin });
    owned.cluster = await starting;
    owned.database = await openPostgres(owned.cluster.url());
    owned.t = await buildTestApp(
      { DATABASE_URL: owned.cluster.url(), ...env },
      { database: owned.database },
    );
  }, 120_000);
  afterAll(async () => {
    await owned.database?.close().catch(() => undefined);
    await (await starting?.catch(() => undefined))?.destroy();
  }, 60_000);
  return owned;
}
