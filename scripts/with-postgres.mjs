#!/usr/bin/env node
// Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster:
//   node scripts/with-postgres.mjs vitest run --project server-pg
// An existing TEST_DATABASE_URL is used as is; without PostgreSQL binaries the run is skipped.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startPostgres } from './postgres-cluster.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('uso: node scripts/with-postgres.mjs <comando> [argumentos...]');
  process.exit(2);
}

let commandChild = null;

/** The command, resolved like an npm script would: local binaries first. */
function runCommand(env) {
  const binDir = path.resolve('node_modules', '.bin');
  const child = (commandChild = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...env, PATH: `${binDir}${path.delimiter}${env.PATH ?? ''}` },
  }));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`não foi possível executar ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(await runCommand(process.env));
}

let cluster = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    // A Ctrl-C reached the command already; a signal sent to this script alone must be passed on.
    if (commandChild && commandChild.exitCode === null) commandChild.kill(signal);
    void (cluster?.stop() ?? Promise.resolve()).then(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  cluster = await startPostgres();
  if (!cluster) {
    console.log('PostgreSQL não encontrado: testes em PostgreSQL pulados');
    process.exit(0);
  }
  if (interrupted) throw new Error('interrompido');
  console.log(`PostgreSQL temporário em ${cluster.url}`);
  exitCode = await runCommand({ ...process.env, TEST_DATABASE_URL: cluster.url });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cluster?.stop();
}
process.exit(interrupted ? 130 : exitCode);
