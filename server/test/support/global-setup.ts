import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
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
 * Migrates once per run (DESIGN §8): an embedded template directory that every test file copies,
 * or, for a project whose workers get `TEST_DRIVER=pg` (server-pg), a template
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
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('pgTemplateUrl', '');
  return releasePgliteTemplate;
}

/**
 * The migrated embedded cluster as a data directory, which each test file copies and opens from
 * disk: loading a dump instead cost each file about 2 CPU-seconds (reading the blob, untarring
 * 42 MB into memory). The projects of one run (server, server-mocks) share it.
 */
const shared = globalThis as typeof globalThis & {
  agroseloPglite?: { dir: Promise<string>; users: number };
};

async function pgliteTemplate(): Promise<string> {
  shared.agroseloPglite ??= {
    users: 0,
    dir: (async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'agroselo-template-'));
      const database = await openPglite({ dataDir: dir });
      await database.migrate();
      await database.close();
      return path.join(dir, 'pglite');
    })(),
  };
  shared.agroseloPglite.users += 1;
  return shared.agroseloPglite.dir;
}

async function releasePgliteTemplate() {
  const template = shared.agroseloPglite;
  if (!template || --template.users > 0) return;
  shared.agroseloPglite = undefined;
  await rm(path.dirname(await template.dir), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
