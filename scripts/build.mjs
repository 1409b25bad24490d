#!/usr/bin/env node
// npm run build: builds the web app and the server. `--if-needed` (npm start, npm run test:e2e)
// builds each only when its output is missing or was built from other sources than the ones in
// the checkout: a fingerprint of every input file (paths and contents) is recorded beside the
// output once its build succeeds. One build at a time per checkout: two starts at once take turns
// (the second finds the first's build fresh), instead of writing the same web/dist together.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const SHARED_INPUTS = [
  'contracts/src',
  'contracts/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
];

/** What each build reads, what it must leave behind, and where its fingerprint is kept. */
export const TARGETS = [
  {
    name: 'web',
    label: 'a interface web',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'web/tsconfig.json',
      ...SHARED_INPUTS,
    ],
    outputs: ['web/dist/index.html', 'web/dist-server/prerender.js'],
    // Not in web/dist, whose every file the server serves.
    stamp: 'web/dist-server/build-inputs.sha256',
  },
  {
    name: 'server',
    label: 'o servidor',
    inputs: [
      'server/src',
      'server/tsup.config.ts',
      'server/package.json',
      'server/tsconfig.json',
      'scripts/pglite-template.ts',
      ...SHARED_INPUTS,
    ],
    outputs: [
      'server/dist/main.js',
      'server/dist/migrations/meta/_journal.json',
      'server/dist/pglite-template/PG_VERSION',
    ],
    stamp: 'server/dist/build-inputs.sha256',
  },
];

// Tests beside the code are not part of any build.
const NOT_AN_INPUT = /\.test\.tsx?$/;

/** Every input file under `entries`, relative to `base`, sorted. */
function inputFiles(entries, base) {
  const files = [];
  for (const entry of entries) {
    const full = path.join(base, entry);
    if (!existsSync(full)) continue;
    if (statSync(full).isFile()) {
      files.push(entry);
      continue;
    }
    for (const found of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!found.isFile() || NOT_AN_INPUT.test(found.name)) continue;
      files.push(
        path.relative(base, path.join(found.parentPath, found.name)).split(path.sep).join('/'),
      );
    }
  }
  return files.sort();
}

/** The fingerprint of a target's inputs under `base`: their paths and contents. */
export function fingerprint(target, base = root) {
  const hash = createHash('sha256');
  for (const file of inputFiles(target.inputs, base)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `target` was built from the inputs now in the checkout, and its output is all there. */
export function isFresh(target, print = fingerprint(target)) {
  if (!target.outputs.every((output) => existsSync(path.join(root, output)))) return false;
  const stamp = path.join(root, target.stamp);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === print;
}

const LOCK = path.join(root, 'node_modules', '.cache', 'agroselo-build.lock');
const LOCK_PID = path.join(LOCK, 'pid');
const LOCK_WAIT_MS = 15 * 60_000;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const lockHolder = () => {
  try {
    return Number(readFileSync(LOCK_PID, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

/** Takes the checkout's build lock, waiting while a living process holds it; returns its release. */
async function lock() {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(LOCK_PID, String(process.pid));
      // Only while it is ours: a lock taken over as stale belongs to someone else.
      return () => {
        if (lockHolder() === process.pid) rmSync(LOCK, { recursive: true, force: true });
      };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const pid = lockHolder();
    let since = Date.now();
    try {
      since = statSync(LOCK).mtimeMs;
    } catch {
      continue;
    }
    // A holder that died, or none after a moment (killed between taking the lock and naming itself).
    if (pid ? !alive(pid) : Date.now() - since > 5_000) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(
        `a compilação do processo ${pid} não terminou; se ele não existe mais, apague ${LOCK}`,
      );
    if (!told)
      console.log(`Outra compilação em andamento neste diretório (processo ${pid}); aguardando…`);
    told = true;
    await sleep(250);
  }
}

let child;
const build = (target) =>
  new Promise((resolve) => {
    child = spawn('npm', ['run', 'build', '-w', target.name], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

async function main() {
  const ifNeeded = process.argv.includes('--if-needed');
  const unlock = await lock();
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      child?.kill(signal);
      unlock();
      process.exit(130);
    });
  try {
    for (const target of TARGETS) {
      const print = fingerprint(target);
      if (ifNeeded && isFresh(target, print)) continue;
      if (ifNeeded)
        console.log(`Compilando ${target.label} (as fontes mudaram ou não há compilação)…`);
      // A build cut short must not pass for a finished one.
      rmSync(path.join(root, target.stamp), { force: true });
      const status = await build(target);
      if (status !== 0) {
        console.error(`Falha ao compilar ${target.label}.`);
        process.exitCode = status;
        return;
      }
      writeFileSync(path.join(root, target.stamp), `${print}\n`);
    }
  } finally {
    unlock();
  }
}

if (process.argv[1] === import.meta.filename) await main();
