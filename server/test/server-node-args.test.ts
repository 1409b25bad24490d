import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SERVER_NODE_ARGS, SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const scripts = (file: string) =>
  (
    JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;

// npm start cannot import the module the harnesses use: its flags are written out, and kept alike here.
describe('the flags the server runs with', () => {
  it.each([
    ['package.json', 'start'],
    ['server/package.json', 'serve'],
  ])('%s "%s" starts the server with SERVER_NODE_ARGS', (file, script) => {
    const command = scripts(file)[script]!;
    expect(command).toMatch(/node .*main\.js/);
    expect(command).toContain(`node ${SERVER_NODE_ARGS.join(' ')} `);
  });

  it.each([
    ['embedded', SERVER_NODE_ARGS],
    ['on PostgreSQL', POSTGRES_SERVER_NODE_ARGS],
  ])('limits the heap well above what the server needs, %s', (_, args) => {
    const limit = Number(/--max-old-space-size=(\d+)/.exec(args.join(' '))?.[1]);
    expect(limit).toBeGreaterThanOrEqual(256);
  });

  it('caps the young generation embedded only, and the README runs PostgreSQL servers so', () => {
    expect(SERVER_NODE_ARGS).toContain('--max-semi-space-size=4');
    expect(POSTGRES_SERVER_NODE_ARGS.join(' ')).not.toContain('semi-space');
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`node ${POSTGRES_SERVER_NODE_ARGS.join(' ')} server/dist/main.js`);
  });
});
