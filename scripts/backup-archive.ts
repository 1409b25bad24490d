// What backup.ts writes and restore.ts reads: one tar.gz holding the database, every stored file
// and a manifest with their hashes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import tar from 'tar-stream';
import { loadConfig, type Config } from '../server/src/config';
import type { Db } from '../server/src/db/client';

export const FORMAT = 'agroselo-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const FILES = 'files/';
/** The embedded database as PGlite's own data-directory tarball (`dumpDataDir`). */
export const PGLITE_ENTRY = 'database/pglite.tar';
/** PostgreSQL as `pg_dump --format=custom`. */
export const POSTGRES_ENTRY = 'database/postgres.dump';

export interface ArchivedFile {
  key: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  database: {
    driver: 'pglite' | 'pg';
    entry: string;
    bytes: number;
    sha256: string;
    /** Rows per table when the backup was taken (schema.table → count). */
    rows: Record<string, number>;
  };
  files: { count: number; bytes: number; entries: ArchivedFile[] };
}

/** A one-line message for the person running the command: no stack trace is printed. */
export class BackupError extends Error {}

/** Hashes and counts what passes through. */
export function digest() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

export function createArchiveWriter(file: string) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  const mtime = new Date();
  return {
    /** Streams `source` as one entry of `size` bytes; resolves with its hash. */
    async add(name: string, size: number, source: Readable) {
      const sum = digest();
      const done = new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        );
        pipeline(source, sum.stream, entry).catch(reject);
      });
      await done;
      return sum.result();
    },
    async finish(manifest: Manifest) {
      pack.entry({ name: MANIFEST, mtime, mode: 0o600 }, JSON.stringify(manifest, null, 2));
      pack.finalize();
      await written;
    },
    abort(error: Error) {
      pack.destroy(error);
      return written.catch(() => undefined);
    },
  };
}

/** Calls `onEntry` for every entry of the archive in order; each entry's stream must be read. */
export async function readArchive(
  file: string,
  onEntry: (name: string, size: number, stream: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  let entryFailed = false;
  try {
    for await (const entry of extract) {
      entryFailed = true;
      await onEntry(entry.header.name, entry.header.size ?? 0, Readable.from(entry));
      entryFailed = false;
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (entryFailed || error instanceof BackupError) throw error;
    throw new BackupError(`Arquivo de backup ilegível (${(error as Error).message}).`);
  }
}

/** Reads an entry to its end without keeping it. */
export async function skip(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}

/** A path the user typed, from where they typed it (npm runs scripts from the project's root). */
export const fromUserDir = (file: string) => path.resolve(process.env.INIT_CWD ?? '.', file);

/** Reads the manifest (the archive's last entry). */
export async function readManifest(file: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  await readArchive(file, async (name, _size, stream) => {
    if (name !== MANIFEST) return skip(stream);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
  });
  if (manifest?.format !== FORMAT)
    throw new BackupError('Este arquivo não é um backup do AgroSelo (manifest.json ausente).');
  if (manifest.version > FORMAT_VERSION)
    throw new BackupError(
      `Backup de formato ${manifest.version}, mais novo que esta versão do AgroSelo (${FORMAT_VERSION}).`,
    );
  return manifest;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the application (its schema and drizzle's migration log). */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
  );
  return rows.map((row) => row.name);
}

export async function countRows(db: Db): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const [row] = await rowsOf<{ count: number }>(
      db,
      sql.raw(`select count(*)::int as count from ${table}`),
    );
    rows[table] = Number(row?.count ?? 0);
  }
  return rows;
}

/** `pg_dump`/`pg_restore` of the newest PostgreSQL under /usr/lib/postgresql, else from PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((version) => /^\d+(\.\d+)?$/.test(version))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const tool = path.join(root, version, 'bin', name);
      if (existsSync(tool)) return tool;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  throw new BackupError(
    `${name} não encontrado: instale o cliente do PostgreSQL (postgresql-client) ou ponha-o no PATH.`,
  );
}

/** Runs a PostgreSQL tool; its stderr becomes the error's one line. */
export function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`${tool}: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(
              `${path.basename(tool)} falhou: ${stderr.trim().split('\n')[0] ?? `código ${code}`}`,
            ),
          ),
    );
  });
}

/**
 * Runs `npm run <command> -- FILE` when `moduleUrl` is the script node was started with: the
 * environment's config and the file as the user typed it. Any failure is one line on stderr,
 * exit 1.
 */
export function runCli(
  moduleUrl: string,
  command: string,
  work: (config: Config, file: string) => Promise<string>,
): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const file = process.argv[2];
  const run = async () => {
    if (!file) throw new BackupError(`uso: npm run ${command} -- ARQUIVO.tar.gz`);
    console.log(await work(loadConfig(), fromUserDir(file)));
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(error instanceof BackupError ? message : `Falha: ${message}`);
      process.exit(1);
    },
  );
}
