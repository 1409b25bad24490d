import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateUrl: string;
  }
}

export const PG_TEMPLATE_DB = 'agroselo_test_template';

/**
 * Migrates once per run (DESIGN §8): an embedded template dumped to a file that every test file
 * loads, or, on PostgreSQL, a template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DRIVER === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url)
      throw new Error(
        'TEST_DATABASE_URL is required for the server-pg project (npm run test:pg sets it)',
      );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    const templateUrl = withDatabase(url, PG_TEMPLATE_DB);
    const database = await openPostgres(templateUrl);
    await database.migrate();
    await database.close();
    project.provide('pgTemplateUrl', templateUrl);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'agroselo-template-'));
  const database = await openPglite();
  await database.migrate();
  const dump = await database.client.dumpDataDir('gzip');
  await database.close();
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateUrl', '');
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
