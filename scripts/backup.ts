// npm run backup -- FILE: the database and every stored file in one tar.gz (README, "Backup").
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../server/src/config';
import { openPglite, openPostgres } from '../server/src/db/client';
import { createStorage } from '../server/src/lib/storage';
import {
  BackupError,
  countRows,
  createArchiveWriter,
  FILES,
  FORMAT,
  FORMAT_VERSION,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  postgresTool,
  runCli,
  runTool,
  type ArchivedFile,
  type Manifest,
} from './backup-archive';

/** The embedded database's files; PGlite keeps postmaster.pid there while a process has it open. */
export const pgliteDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.resolve(config.DATA_DIR, 'pglite');

/** Dumps the database into `dir`; returns the archive entry name, the dump file and row counts. */
async function dumpDatabase(config: Config, dir: string) {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL).catch((error: Error) => {
      throw new BackupError(`Sem conexão com DATABASE_URL: ${error.message}`);
    });
    const rows = await countRows(database.db).finally(() => database.close());
    const file = path.join(dir, 'postgres.dump');
    await runTool(postgresTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${config.DATABASE_URL}`,
    ]);
    return { driver: 'pg' as const, entry: POSTGRES_ENTRY, file, rows };
  }
  const dataDir = pgliteDir(config);
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`Nenhum banco de dados embutido em ${dataDir} (DATA_DIR).`);
  // A second process on the same files would copy pages mid-write and could spoil the server's.
  if (existsSync(path.join(dataDir, 'postmaster.pid')))
    throw new BackupError(
      `O banco embutido em ${dataDir} está em uso: pare o servidor do AgroSelo antes do backup (ou inicie e pare-o uma vez, se ele caiu).`,
    );
  const database = await openPglite({ dataDir: config.DATA_DIR });
  try {
    const rows = await countRows(database.db);
    const dump = await database.client.dumpDataDir('none');
    const file = path.join(dir, 'pglite.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { driver: 'pglite' as const, entry: PGLITE_ENTRY, file, rows };
  } finally {
    await database.close();
  }
}

/**
 * Writes the backup to `file` (through a partial file renamed at the end, so a failed run leaves
 * no archive that looks whole) and returns its manifest.
 */
export async function backup(config: Config, file: string): Promise<Manifest> {
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target)))
    throw new BackupError(`A pasta ${path.dirname(target)} não existe.`);
  const storage = await createStorage(config);
  const work = await mkdtemp(path.join(tmpdir(), 'agroselo-backup-'));
  const partial = `${target}.partial`;
  const archive = createArchiveWriter(partial);
  try {
    const database = await dumpDatabase(config, work);
    const dumped = await archive.add(
      database.entry,
      (await stat(database.file)).size,
      createReadStream(database.file),
    );
    const files: ArchivedFile[] = [];
    for await (const object of storage.list()) {
      const body = await storage.open(object.key);
      // Removed between the listing and now: not part of this backup.
      if (!body) continue;
      const sum = await archive
        .add(`${FILES}${object.key}`, object.bytes, body)
        .catch((error: Error) => {
          throw new BackupError(
            `O arquivo ${object.key} não pôde ser copiado (${error.message}): se ele mudou durante o backup, rode-o de novo.`,
          );
        });
      files.push({ key: object.key, ...sum });
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      database: { driver: database.driver, entry: database.entry, ...dumped, rows: database.rows },
      files: {
        count: files.length,
        bytes: files.reduce((sum, entry) => sum + entry.bytes, 0),
        entries: files,
      },
    };
    await archive.finish(manifest);
    await rename(partial, target);
    return manifest;
  } catch (error) {
    await archive.abort(error as Error);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

runCli(import.meta.url, 'backup', async (config, file) => {
  const manifest = await backup(config, file);
  const rows = Object.values(manifest.database.rows).reduce((sum, count) => sum + count, 0);
  return `Backup gravado em ${file}: banco ${manifest.database.driver} (${rows} linhas), ${manifest.files.count} arquivos (${manifest.files.bytes} bytes).`;
});
