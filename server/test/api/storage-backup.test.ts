import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup } from '../../../scripts/backup';
import { listTables, rowsOf } from '../../../scripts/backup-archive';
import { restore } from '../../../scripts/restore';
import { loadConfig, type Config } from '../../src/config';
import { openPglite, openPostgres, type Database, type Db } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed/demo';
import { createStorage, type Storage } from '../../src/lib/storage';
import { repoRoot } from '../../src/paths';
import { withDatabase } from '../support/global-setup';
import { PDF } from '../support/files';
import { openMigratedPglite, pgTemplateUrl as providedPgTemplateUrl } from '../support/test-app';
import { startTestS3, type TestS3 } from '../storage/s3-server';

/**
 * npm run backup / restore (issue 23 item 4): the demo data with uploads, backed up, wiped,
 * restored; every table's rows and every file's hash come back. On the embedded database in the
 * server project, on PostgreSQL (pg_dump / pg_restore) in server-pg; files on the local directory
 * and on an S3-compatible bucket.
 */
const pgTemplateUrl = providedPgTemplateUrl();
// Each embedded round trip opens PGlite on disk four times: seconds on a quiet machine, more on a busy one.
const ROUND_TRIP_MS = 300_000;
/** The last archive written, for the refusals below. */
let lastArchive: string | undefined;
let s3: TestS3;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3.close();
});

/** An empty database of the run's driver, with the config that points at it. */
async function emptyTarget(files: 'local' | 's3') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agroselo-backup-test-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (files === 's3') Object.assign(env, s3.env(`b${randomBytes(4).toString('hex')}`));
  if (pgTemplateUrl) {
    const name = `agroselo_backup_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDatabase(pgTemplateUrl, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    env.DATABASE_URL = withDatabase(pgTemplateUrl, name);
    return {
      config: loadConfig(env),
      /** Drops and makes again the database: a wiped server. */
      wipeDatabase: async () => {
        await admin.query(`drop database ${name} with (force)`);
        await admin.query(`create database ${name}`);
      },
    };
  }
  return {
    config: loadConfig(env),
    wipeDatabase: () => rm(path.join(dataDir, 'pglite'), { recursive: true, force: true }),
  };
}

/** The migrated database at `config`: a clone of the run's template. */
async function openMigrated(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL);
    await database.migrate();
    return database;
  }
  return openMigratedPglite(config.DATA_DIR);
}

const openExisting = (config: Config) =>
  config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: config.DATA_DIR });

/** Every row of every table, as sorted JSON: two databases holding the same data compare equal. */
async function snapshotRows(db: Db) {
  const snapshot: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql.raw(`select to_jsonb(t)::text as row from ${table} t`),
    );
    snapshot[table] = rows.map((row) => row.row).sort();
  }
  return snapshot;
}

async function snapshotFiles(storage: Storage) {
  const hashes: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.open(key))!) hash.update(chunk as Buffer);
    hashes[key] = hash.digest('hex');
  }
  return hashes;
}

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', STORAGE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(['local', 's3'] as const)('backup and restore, files on %s storage', (files) => {
  it(
    'brings back every row of every table and every file, byte for byte',
    { timeout: ROUND_TRIP_MS },
    async () => {
      const { config, wipeDatabase } = await emptyTarget(files);
      const storage = await createStorage(config);
      const database = await openMigrated(config);
      await seedDemo(database.db, storage);
      await storage.put('proofs/demo/laudo.pdf', PDF);
      // Over one S3 part, sent as a stream: files are never held whole.
      await storage.putStream(
        'proofs/demo/foto.jpg',
        Readable.from(Array.from({ length: 96 }, () => randomBytes(64 * 1024))),
      );
      const rows = await snapshotRows(database.db);
      const hashes = await snapshotFiles(storage);
      await database.close();
      expect(Object.keys(hashes).length).toBeGreaterThan(3);
      expect(rows['public.users']!.length).toBeGreaterThan(0);

      const archive = path.join(config.DATA_DIR, '..', `${path.basename(config.DATA_DIR)}.tar.gz`);
      cleanups.push(() => rm(archive, { force: true }));
      const manifest = await backup(config, archive);
      expect(manifest).toMatchObject({
        format: 'agroselo-backup',
        version: 1,
        database: { driver: config.DATABASE_URL ? 'pg' : 'pglite' },
        files: { count: Object.keys(hashes).length },
      });
      expect(manifest.database.rows['public.users']).toBe(rows['public.users']!.length);
      expect(
        Object.fromEntries(manifest.files.entries.map((entry) => [entry.key, entry.sha256])),
      ).toEqual(hashes);

      await wipeDatabase();
      for (const key of Object.keys(hashes)) await storage.remove(key);
      expect(await snapshotFiles(storage)).toEqual({});

      await restore(config, archive);
      const restored = await openExisting(config);
      try {
        expect(await snapshotRows(restored.db)).toEqual(rows);
      } finally {
        await restored.close();
      }
      expect(await snapshotFiles(storage)).toEqual(hashes);

      // A second restore finds the database in use and refuses, in one line, before writing.
      await expect(restore(config, archive)).rejects.toThrow(/^Restauração recusada: .*(banco)/);
      const cli = await runScript('scripts/restore.ts', [archive], {
        DATA_DIR: config.DATA_DIR,
        DATABASE_URL: config.DATABASE_URL ?? '',
        ...(files === 's3' ? s3.env(config.STORAGE_URL!.prefix.slice(0, -1)) : {}),
      });
      expect(cli.code).toBe(1);
      expect(cli.stderr.trim()).toMatch(/^Restauração recusada: /);
      expect(cli.stderr).not.toMatch(/\n\s+at /);
      expect(cli.stdout).toBe('');
      lastArchive = archive;
    },
  );
});

describe('restore refuses', () => {
  it('a non-empty file store, and a file that is no backup, with one line each', async () => {
    expect(lastArchive).toBeDefined();
    const { config: target } = await emptyTarget('local');
    await mkdir(path.join(target.DATA_DIR, 'uploads'));
    await writeFile(path.join(target.DATA_DIR, 'uploads', 'esquecido.txt'), 'x');
    await expect(restore(target, lastArchive!)).rejects.toThrow(
      /^Restauração recusada: o armazenamento de arquivos \(diretório .*\) não está vazio: já tem esquecido.txt\.$/,
    );

    const junk = path.join(target.DATA_DIR, 'nao-e-backup.tar.gz');
    await writeFile(junk, 'isto não é um backup');
    const cli = await runScript('scripts/restore.ts', [junk], { DATA_DIR: target.DATA_DIR });
    expect(cli.code).toBe(1);
    expect(cli.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Arquivo de backup ilegível/),
    ]);
  });
});
