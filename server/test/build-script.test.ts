import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, TARGETS } from '../../scripts/build.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const [web, server] = [
  TARGETS.find((t) => t.name === 'web')!,
  TARGETS.find((t) => t.name === 'server')!,
];

/** npm start builds only what changed (issue 44 item 5): scripts/build.mjs's fingerprints. */
describe('the fingerprint a build is recorded with', () => {
  it('names only inputs that exist: a renamed file would silently leave the fingerprint', () => {
    for (const target of TARGETS)
      for (const input of target.inputs)
        expect(existsSync(path.join(repoRoot, input)), `${target.name}: ${input}`).toBe(true);
  });

  let base: string;
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await writeFile(path.join(base, file), text);
  };
  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'agroselo-build-'));
    await write('web/src/main.tsx', 'export const a = 1;');
    await write('web/src/main.test.tsx', 'it();');
    await write('server/src/main.ts', 'export const b = 1;');
    await write('contracts/src/index.ts', 'export const c = 1;');
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('changes with a source file of its own or a shared one, not with the other side nor a test', async () => {
    const before = { web: fingerprint(web, base), server: fingerprint(server, base) };
    expect(fingerprint(web, base)).toBe(before.web);

    await write('web/src/main.test.tsx', 'it("outro");');
    expect(fingerprint(web, base)).toBe(before.web);

    await write('server/src/main.ts', 'export const b = 2;');
    expect(fingerprint(web, base)).toBe(before.web);
    const serverChanged = fingerprint(server, base);
    expect(serverChanged).not.toBe(before.server);

    await write('web/src/main.tsx', 'export const a = 2;');
    const webChanged = fingerprint(web, base);
    expect(webChanged).not.toBe(before.web);

    await rename(path.join(base, 'web/src/main.tsx'), path.join(base, 'web/src/app.tsx'));
    expect(fingerprint(web, base)).not.toBe(webChanged);

    await write('contracts/src/index.ts', 'export const c = 2;');
    expect(fingerprint(server, base)).not.toBe(serverChanged);
  });
});
