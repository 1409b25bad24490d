#!/usr/bin/env node
// npm run check: the type checks, the linter and the format check, two (or one per core) at a
// time. Each is single-threaded, so one after another left a core idle on a 2-core machine.
// Each one's output is printed whole when it ends; the check fails if any of them fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

// Longest first, so that the last one to start is a short one.
const steps = [
  ['tsc', '-p', 'web', '--noEmit'],
  ['tsc', '-p', 'server', '--noEmit'],
  ['eslint', '.'],
  ['tsc', '-p', 'contracts', '--noEmit'],
  ['prettier', '--check', '.'],
  // Every relative link of README.md and docs/ resolves.
  ['node', 'scripts/check-links.mjs'],
];

const binDir = path.resolve('node_modules', '.bin');
const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` };

function run([command, ...args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      process.stdout.write(`> ${command}: ${error.message}\n`);
      resolve({ code: 127 });
    });
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`> ${[command, ...args].join(' ')} (${seconds} s)\n${output}`);
      resolve({ code: code ?? (signal ? 1 : 0) });
    });
  });
}

const queue = [...steps];
let failed = false;
async function lane() {
  for (let step = queue.shift(); step; step = queue.shift()) {
    if ((await run(step)).code !== 0) failed = true;
  }
}
await Promise.all(
  Array.from({ length: Math.min(steps.length, Math.max(2, availableParallelism())) }, lane),
);
process.exit(failed ? 1 : 0);
