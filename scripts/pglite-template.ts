/**
 * Writes `server/dist/pglite-template`: an embedded cluster just after initdb, which the server copies
 * when it starts on an empty DATA_DIR (db/client.ts, openPglite). initdb inside PGlite grows its
 * WebAssembly memory to about 570 MiB; run here, during the build, the server never pays it.
 */
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const target = path.resolve(import.meta.dirname, '../server/dist/pglite-template');
const building = `${target}.building`;
rmSync(building, { recursive: true, force: true });
const cluster = await PGlite.create({ dataDir: building, extensions: { pg_trgm } });
await cluster.close();
rmSync(target, { recursive: true, force: true });
renameSync(building, target);
