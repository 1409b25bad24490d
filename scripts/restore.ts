// npm run restore -- FILE: a backup of backup.ts into an EMPTY database and file store.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Config } from '../server/src/config';
import { openPglite, openPostgres } from '../server/src/db/client';
import { createStorage, type Storage } from '../server/src/lib/storage';
import {
  BackupError,
  countRows,
  digest,
  FILES,
  MANIFEST,
  postgresTool,
  readArchive,
  readManifest,
  rowsOf,
  skip,
  runCli,
  runTool,
  type Manifest,
} from './backup-archive';
import { pgliteDir } from './backup';

const refused = (what: string) => new BackupError(`Restauração recusada: ${what}`);

/** Every entry's bytes against the manifest, before anything is written. */
async function verify(file: string, manifest: Manifest): Promise<void> {
  const expected = new Map<string, string>([
    [manifest.database.entry, manifest.database.sha256],
    ...manifest.files.entries.map((entry) => [`${FILES}${entry.key}`, entry.sha256] as const),
  ]);
  const seen = new Set<string>();
  await readArchive(file, async (name, _size, stream) => {
    const sum = digest();
    await skip(stream.pipe(sum.stream));
    if (name === MANIFEST) return;
    if (expected.get(name) !== sum.result().sha256)
      throw new BackupError(`Backup danificado: ${name} não confere com o manifesto.`);
    seen.add(name);
  });
  const missing = [...expected.keys()].filter((name) => !seen.has(name));
  if (missing.length > 0)
    throw new BackupError(`Backup incompleto: faltam ${missing.length} itens (${missing[0]}…).`);
}

async function ensureEmptyDatabase(config: Config, manifest: Manifest): Promise<void> {
  if (manifest.database.driver === 'pg' && !config.DATABASE_URL)
    throw refused('este backup é de um PostgreSQL: defina DATABASE_URL com um banco vazio.');
  if (manifest.database.driver === 'pglite' && config.DATABASE_URL)
    throw refused(
      'este backup é do banco embutido: restaure-o sem DATABASE_URL, num DATA_DIR vazio.',
    );
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL).catch((error: Error) => {
      throw new BackupError(`Sem conexão com DATABASE_URL: ${error.message}`);
    });
    try {
      const [row] = await rowsOf<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from information_schema.tables
            where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      if (Number(row?.count) > 0)
        throw refused('o banco de DATABASE_URL não está vazio. Use um banco novo, sem tabelas.');
    } finally {
      await database.close();
    }
    return;
  }
  const dataDir = pgliteDir(config);
  if (existsSync(path.join(dataDir, 'PG_VERSION')))
    throw refused(`já existe um banco de dados em ${dataDir}. Use um DATA_DIR vazio.`);
}

async function ensureEmptyStorage(storage: Storage): Promise<void> {
  for await (const object of storage.list()) {
    throw refused(
      `o armazenamento de arquivos (${storage.description}) não está vazio: já tem ${object.key}.`,
    );
  }
}

async function restoreDatabase(config: Config, manifest: Manifest, dump: string) {
  if (config.DATABASE_URL) {
    await runTool(postgresTool('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${config.DATABASE_URL}`,
      dump,
    ]);
    const database = await openPostgres(config.DATABASE_URL);
    return countRows(database.db).finally(() => database.close());
  }
  const database = await openPglite({
    dataDir: config.DATA_DIR,
    loadDataDir: new Blob([await readFile(dump)]),
  });
  return countRows(database.db).finally(() => database.close());
}

/** Restores `file`; checks every hash first and refuses a target that holds anything. */
export async function restore(config: Config, file: string): Promise<Manifest> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`Arquivo ${source} não encontrado.`);
  const manifest = await readManifest(source);
  await verify(source, manifest);
  const storage = await createStorage(config);
  await ensureEmptyDatabase(config, manifest);
  await ensureEmptyStorage(storage);

  const work = await mkdtemp(path.join(tmpdir(), 'agroselo-restore-'));
  try {
    const dump = path.join(work, 'database');
    await readArchive(source, async (name, _size, stream) => {
      if (name === manifest.database.entry) await pipeline(stream, createWriteStream(dump));
      else if (name.startsWith(FILES)) await storage.putStream(name.slice(FILES.length), stream);
      else await skip(stream);
    });
    const rows = await restoreDatabase(config, manifest, dump);
    const differs = Object.keys(manifest.database.rows).find(
      (table) => rows[table] !== manifest.database.rows[table],
    );
    if (differs)
      throw new BackupError(
        `A restauração não confere: ${differs} tem ${rows[differs] ?? 0} linhas, o backup ${manifest.database.rows[differs]}.`,
      );
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

runCli(import.meta.url, 'restore', async (config, file) => {
  const manifest = await restore(config, file);
  return `Backup de ${manifest.created_at} restaurado: banco ${manifest.database.driver}, ${manifest.files.count} arquivos.`;
});
