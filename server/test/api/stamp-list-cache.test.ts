import { StampSchema } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../../src/app';
import { processes, stamps } from '../../src/db/schema';
import { createSeal } from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';

const URL = '/api/stamp/all';

let t: TestApp;
/** A second server on the same database, as a second process behind a proxy would be. */
let other: App;

const names = async (app: App) =>
  z
    .array(StampSchema)
    .parse((await app.inject({ url: URL })).json())
    .map((stamp) => stamp.name)
    .sort();

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildApp(t.deps, { logger: false, webRoot: `${t.dataDir}/no-web` });
  await other.ready();
  await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
  return () => other.close();
});

describe('GET /api/stamp/all, kept in memory between writes', () => {
  it('answers with an ETag, asks browsers to revalidate, and answers 304 to a known ETag', async () => {
    const first = await t.app.inject({ url: URL });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await t.app.inject({ url: URL, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await t.app.inject({ url: URL, headers: { 'if-none-match': 'W/"outra"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('sends X-Total-Count like every other list, from memory as from the database', async () => {
    const first = await t.app.inject({ url: URL });
    expect(first.headers['x-total-count']).toBe(String(first.json<unknown[]>().length));
    expect(Number(first.headers['x-total-count'])).toBeGreaterThan(0);
    const cached = await t.app.inject({ url: URL });
    expect(cached.headers['x-total-count']).toBe(first.headers['x-total-count']);
  });

  it('costs one query while nothing changed', async () => {
    await t.app.inject({ url: URL });
    const queries = await t.queriesDuring(() => t.app.inject({ url: URL }));
    expect(queries).toHaveLength(1);
  });

  it('shows a new seal at once, in every process, with a new ETag', async () => {
    expect(await names(t.app)).toEqual(['Arroz Sustentável RS']);
    expect(await names(other)).toEqual(['Arroz Sustentável RS']);
    const before = (await t.app.inject({ url: URL })).headers.etag;

    await createSeal(t.db, { stamp: { name: 'Arroz Orgânico do Pampa' } });

    const expected = ['Arroz Orgânico do Pampa', 'Arroz Sustentável RS'];
    expect(await names(t.app)).toEqual(expected);
    expect(await names(other)).toEqual(expected);
    const after = await t.app.inject({ url: URL, headers: { 'if-none-match': String(before) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    const otherEtag = (await other.inject({ url: URL })).headers.etag;
    expect(otherEtag).toBe(after.headers.etag);
  });

  it('follows a process withdrawn and released again, and a seal renamed or deleted', async () => {
    const seal = await createSeal(t.db, { stamp: { name: 'Origem Pampa' } });
    expect(await names(other)).toContain('Origem Pampa');

    await t.db.update(processes).set({ released: false }).where(eq(processes.id, seal.process.id));
    expect(await names(other)).not.toContain('Origem Pampa');
    expect(await names(t.app)).not.toContain('Origem Pampa');

    await t.db.update(processes).set({ released: true }).where(eq(processes.id, seal.process.id));
    expect(await names(t.app)).toContain('Origem Pampa');

    await t.db
      .update(stamps)
      .set({ name: 'Origem Pampa Gaúcho' })
      .where(eq(stamps.id, seal.stamp.id));
    expect(await names(other)).toContain('Origem Pampa Gaúcho');

    await t.db.delete(stamps).where(eq(stamps.id, seal.stamp.id));
    expect(await names(t.app)).not.toContain('Origem Pampa Gaúcho');
    expect(await names(other)).not.toContain('Origem Pampa Gaúcho');
  });
});
