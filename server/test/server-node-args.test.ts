import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';

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

  it('limits the heap well above what the server needs', () => {
    const limit = Number(/--max-old-space-size=(\d+)/.exec(SERVER_NODE_ARGS.join(' '))?.[1]);
    expect(limit).toBeGreaterThanOrEqual(256);
  });
});
