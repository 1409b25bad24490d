import { randomBytes } from 'node:crypto';
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

/**
 * Migrates once per run and project (DESIGN §8): an embedded template dumped to a file that every
 * test file loads, or, for a project whose workers get `TEST_DRIVER=pg` (server-pg), a template
 * database on TEST_DATABASE_URL that every test file clones. The choice is the project's own env:
 * the main process, which runs this, never sees it, and one run may hold projects of both kinds.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DRIVER === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url)
      throw new Error(
        `TEST_DATABASE_URL is required for the ${project.name} project (npm run test:pg sets it)`,
      );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A name of its own, so runs sharing one TEST_DATABASE_URL do not drop each other's template.
    const template = `agroselo_test_template_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openPostgres(templateUrl);
    await database.migrate();
    await database.close();
    project.provide('pgTemplateUrl', templateUrl);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${template}`);
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
