import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_RETENTION_DAYS,
  IdempotencyKeySchema,
  messages,
} from '@agroselo/contracts';
import { and, count, eq, like, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../src/app';
import { recordAnswer } from '../../src/db/commit-hook';
import { createUser, type UserRow } from '../../src/db/seed/factories';
import { idempotencyKeys, pendencies, processInstances, settings } from '../../src/db/schema';
import { dailyJobs } from '../../src/jobs';
import { expiredKeysJob, LOCK_SECONDS } from '../../src/lib/idempotency';
import { newId } from '../../src/lib/ids';
import { createJobRunner } from '../../src/lib/jobs';
import { OUTBOX_WRITES, type OutboxTarget } from '../support/outbox-writes';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, pgTemplateUrl, silentLogger, type TestApp } from '../support/test-app';

const m = messages.offline;
const KEY_LOC = ['header', 'idempotency-key'];

/**
 * A write of the mechanism's own, beside the product's routes: it records a row in `settings`
 * and answers it, and the test tells it how to behave on its next call. It shows what no product
 * route does on demand: a 5xx before or after its commit, a run held while another takes its key.
 */
const probe = {
  /** 'recorded' gives the answer inside the transaction (recordAnswer), as the outbox's routes do. */
  mode: 'kept' as 'kept' | 'recorded' | 'fail-before' | 'fail-after' | 'fail-after-recorded',
  /** Awaited once, by the next call, before it writes. */
  hold: null as Promise<void> | null,
};

async function probeRoute(app: App) {
  app.post(
    '/api/amostra/escrita',
    {
      schema: { hide: true, body: z.object({ note: z.string() }) },
      onRequest: app.guard(),
    },
    async (request, reply) => {
      const hold = probe.hold;
      probe.hold = null;
      await hold;
      if (probe.mode === 'fail-before') throw new Error('before the write');
      const { note } = request.body as { note: string };
      reply.code(201);
      const answer = await app.deps.db.transaction(async (tx) => {
        const key = `amostra-${newId()}`;
        await tx.insert(settings).values({ key, value: note });
        return probe.mode.endsWith('recorded') ? recordAnswer({ key }) : { key };
      });
      if (probe.mode.startsWith('fail-after')) throw new Error('after the commit');
      return answer;
    },
  );
}

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { extend: probeRoute });
  w = await reviewWorld(t);
});

const send = async (caller: UserRow | null, request: Omit<InjectOptions, 'path'>, key?: string) =>
  t.app.inject({
    ...request,
    headers: {
      ...(request.headers as Record<string, string>),
      ...(caller ? await t.auth(caller) : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
  });

const keysOf = (user: UserRow, key?: string) =>
  t.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, user.id), key ? eq(idempotencyKeys.key, key) : undefined),
    );

/** Makes the kept key look as if its request were still running (its process alive). */
const asIfRunning = (user: UserRow, key: string, lockedSecondsAgo = 0) =>
  t.db
    .update(idempotencyKeys)
    .set({
      status: null,
      body: null,
      headers: null,
      writtenAt: null,
      lockedAt: sql`now() - make_interval(secs => ${lockedSecondsAgo})`,
    })
    .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));

const expectKeyRefusal = (response: Awaited<ReturnType<typeof send>>, msg: string) => {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ detail: [{ loc: KEY_LOC, msg, type: expect.any(String) }] });
};

describe.each(OUTBOX_WRITES)('$name with Idempotency-Key', (write) => {
  let target: OutboxTarget;
  beforeAll(async () => {
    target = await write.target(t, w);
  });
  const fresh = () => write.target(t, w);

  it('gives the same key and request the same answer, writing once, the answer kept with the write', async () => {
    const { caller, request, state } = await fresh();
    const before = await state();
    const key = randomUUID();
    let first!: Awaited<ReturnType<typeof send>>;
    const queries = await t.queriesDuring(async () => {
      first = await send(caller, await request(), key);
    });
    expect(first.statusCode, first.body).toBe(write.status);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const written = await state();
    expect(written).not.toEqual(before);
    // The key is updated once, with the answer, inside the route's own transaction: nothing is
    // left for the moment the answer goes out (a tus creation writes no row: it keeps it then).
    expect(queries.filter((query) => /^update "idempotency_keys"/.test(query))).toHaveLength(1);

    const again = await send(caller, await request(), key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await state()).toEqual(written);
    const [kept] = await keysOf(caller, key);
    expect(kept).toMatchObject({ status: write.status, body: first.body || null });
    expect(kept!.writtenAt !== null).toBe(write.name !== 'POST /api/uploads');
  });

  it('refuses the same key with another request: 422 on the header, nothing written', async () => {
    const { caller, request, state } = target;
    const key = randomUUID();
    expect((await send(caller, await request(), key)).statusCode).toBe(write.status);
    const written = await state();
    const other = await send(caller, await request('other'), key);
    expectKeyRefusal(other, m.keyReused);
    expect(await state()).toEqual(written);
  });

  it('answers 409 while a request under the key still runs, writing nothing', async () => {
    const { caller, request, state } = await fresh();
    const key = randomUUID();
    expect((await send(caller, await request(), key)).statusCode).toBe(write.status);
    const written = await state();
    await asIfRunning(caller, key);
    const running = await send(caller, await request(), key);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ detail: m.keyInFlight });
    expect(running.headers['retry-after']).toBe('1');
    expect(await state()).toEqual(written);
  });

  it('runs one of two requests sent at once under one key', async () => {
    const { caller, request, state } = await fresh();
    const before = await state();
    const key = randomUUID();
    const answers = await Promise.all([
      send(caller, await request(), key),
      send(caller, await request(), key),
    ]);
    const ran = answers.filter(
      (answer) => answer.statusCode === write.status && !answer.headers['idempotent-replayed'],
    );
    expect(ran).toHaveLength(1);
    const [other] = answers.filter((answer) => answer !== ran[0]);
    if (other!.statusCode === 409) expect(other!.json()).toEqual({ detail: m.keyInFlight });
    else expect(other!.body).toBe(ran[0]!.body);
    if (typeof before === 'number') expect(await state()).toBe(before + 1);
    // The one that ran is the one kept.
    expect((await send(caller, await request(), key)).body).toBe(ran[0]!.body);
  });

  it("keeps keys per user: another user's same key answers for that user alone", async () => {
    const { caller, other, request } = await fresh();
    const key = randomUUID();
    const mine = await send(caller, await request(), key);
    expect(mine.statusCode).toBe(write.status);
    const theirs = await send(other, await request(), key);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.statusCode).toBeLessThan(500);
    expect(await keysOf(caller, key)).toHaveLength(1);
    // A producer reaches no other producer's farm: 404, never the first one's answer.
    if (other.role === 'owner') expect(theirs.statusCode).toBe(404);
    else expect(theirs.body + theirs.headers.location).not.toBe(mine.body + mine.headers.location);
  });
});

// A transaction held open by the test blocks the embedded database's one connection whole.
it.skipIf(!pgTemplateUrl())(
  'answers 409 to the second request under a key while the first waits on a lock (PostgreSQL)',
  async () => {
    const { caller, request, state, instanceId } = await OUTBOX_WRITES[0]!.target(t, w);
    const before = await state();
    let locked!: () => void;
    let release!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const locker = t.db.transaction(async (tx) => {
      await tx
        .select({ id: processInstances.id })
        .from(processInstances)
        .where(eq(processInstances.id, instanceId))
        .for('update');
      locked();
      await held;
    });
    await lockTaken;
    const key = randomUUID();
    const first = send(caller, await request(), key);
    while ((await keysOf(caller, key)).length === 0) await new Promise((r) => setImmediate(r));
    const second = await send(caller, await request(), key);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: m.keyInFlight });
    release();
    await locker;
    expect((await first).statusCode).toBe(201);
    expect(await state()).toBe((before as number) + 1);
  },
);

describe('Idempotency-Key on a write', () => {
  /** A pendência the technician may resolve, and the request that resolves it. */
  async function resolvable() {
    const target = await OUTBOX_WRITES.find(
      (write) => write.name === 'PUT /api/pendency/{id}/resolve',
    )!.target(t, w);
    return { ...target, request: await target.request() };
  }

  it('keeps nothing for a request without one', async () => {
    const { caller, request } = await resolvable();
    const before = (await keysOf(caller)).length;
    expect((await send(caller, request)).statusCode).toBe(200);
    expect(await keysOf(caller)).toHaveLength(before);
  });

  it('refuses a key that is empty, too long or not printable ASCII, writing nothing', async () => {
    const { caller, request, state } = await resolvable();
    const before = await state();
    const keys = await keysOf(caller);
    for (const key of [
      '',
      'x'.repeat(IDEMPOTENCY_KEY_MAX + 1),
      'x'.repeat(100_000),
      'chave-ção',
      'tab\there',
      'nul\u0000',
      'del\u007f',
    ]) {
      const response = await send(caller, request, key);
      expectKeyRefusal(response, m.keyInvalid);
    }
    expect(await state()).toEqual(before);
    expect(await keysOf(caller)).toHaveLength(keys.length);
    // 255 printable characters, spaces and symbols included, are a key.
    const longest = ` ${'~'.repeat(IDEMPOTENCY_KEY_MAX - 2)}!`;
    expect(IdempotencyKeySchema.parse(longest)).toBe(longest);
    expect((await send(caller, request, longest)).statusCode).toBe(200);
  });

  it('answers 401 and 403 before the key, and keeps neither', async () => {
    const { caller, request } = await resolvable();
    const key = randomUUID();
    expect((await send(null, request, key)).statusCode).toBe(401);
    const pending = await createUser(t.db, { role: 'user', pending: true });
    expect((await send(pending, request, key)).statusCode).toBe(403);
    expect((await send(w.owner, request, key)).statusCode).toBe(403);
    expect(await keysOf(pending, key)).toEqual([]);
    expect(await keysOf(w.owner, key)).toEqual([]);
    // The key is the technician's own to use.
    expect((await send(caller, request, key)).statusCode).toBe(200);
  });

  it('keeps no refusal of the schema: the same key then runs the corrected request', async () => {
    const place = await OUTBOX_WRITES.find(
      (write) => write.name === 'POST /api/process-instance/{id}/pendencies',
    )!.target(t, w);
    const key = randomUUID();
    const valid = await place.request();
    const invalid = { ...valid, payload: JSON.stringify({ description: '' }) };
    expect((await send(place.caller, invalid, key)).statusCode).toBe(422);
    expect(await keysOf(place.caller, key)).toEqual([]);
    expect((await send(place.caller, valid, key)).statusCode).toBe(201);
  });

  it("keeps a 409 as it was answered: the same key gets it again, whatever the target's state now", async () => {
    const { caller, request, pendencyId } = await resolvable();
    expect((await send(caller, request)).statusCode).toBe(200);
    const key = randomUUID();
    const conflict = await send(caller, request, key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ kind: 'pendency', current: { status: 'resolved' } });
    // Reopened meanwhile: the queued resolve is a new request, under a new key.
    const reopen = await send(caller, {
      method: 'PUT',
      url: `/api/pendency/${pendencyId}/reopen`,
      payload: { note: 'Falta a assinatura' },
    });
    expect(reopen.statusCode).toBe(200);
    const replayed = await send(caller, request, key);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.body).toBe(conflict.body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it(`forgets a key ${IDEMPOTENCY_RETENTION_DAYS} days after its first use; the daily job removes it`, async () => {
    const { caller, request, pendencyId } = await resolvable();
    const key = randomUUID();
    const old = randomUUID();
    expect((await send(caller, request, key)).statusCode).toBe(200);
    expect((await send(caller, request, old)).statusCode).toBe(409);
    const age = (which: string, days: number, minutes: number) =>
      t.db
        .update(idempotencyKeys)
        .set({
          createdAt: sql`now() - make_interval(days => ${days}, mins => ${minutes})`,
        })
        .where(and(eq(idempotencyKeys.userId, caller.id), eq(idempotencyKeys.key, which)));
    await t.db.update(pendencies).set({ status: 'answered' }).where(eq(pendencies.id, pendencyId!));
    // A minute short of the retention: still the first answer, still another request refused.
    await age(key, IDEMPOTENCY_RETENTION_DAYS - 1, 23 * 60 + 59);
    expect((await send(caller, request, key)).headers['idempotent-replayed']).toBe('true');
    const other = { ...request, payload: JSON.stringify({ note: 'Outra' }) };
    expectKeyRefusal(await send(caller, other, key), m.keyReused);
    // Past it, the key is new again: the request runs.
    await age(key, IDEMPOTENCY_RETENTION_DAYS, 1);
    const rerun = await send(caller, other, key);
    expect(rerun.statusCode).toBe(200);
    expect(rerun.headers['idempotent-replayed']).toBeUndefined();

    await age(old, IDEMPOTENCY_RETENTION_DAYS, 1);
    expect(dailyJobs(t.deps).map((job) => job.name)).toContain(expiredKeysJob.name);
    const runner = createJobRunner({
      db: t.db,
      jobs: [expiredKeysJob],
      log: silentLogger as never,
    });
    const outcome = await runner.runDue(new Date(Date.now() + 60_000));
    expect(outcome).toMatchObject([{ status: 'ran' }]);
    expect(await keysOf(caller, old)).toEqual([]);
    expect(await keysOf(caller, key)).toHaveLength(1);
  });
});

describe('a request under a key that fails or dies', () => {
  const probeRequest = (note = 'amostra') => ({
    method: 'POST' as const,
    url: '/api/amostra/escrita',
    payload: { note },
  });
  const probeRows = async (note: string) =>
    (
      await t.db
        .select({ value: count() })
        .from(settings)
        .where(and(like(settings.key, 'amostra-%'), eq(settings.value, note)))
    )[0]!.value;

  it('keeps the answer of a route that records none when it answers: the key marked written in its transaction', async () => {
    probe.mode = 'kept';
    const key = randomUUID();
    const queries = await t.queriesDuring(async () => {
      expect((await send(w.admin, probeRequest('guardada'), key)).statusCode).toBe(201);
    });
    // Marked written with the write, then given the answer as it went out.
    expect(queries.filter((query) => /^update "idempotency_keys"/.test(query))).toHaveLength(2);
    expect(
      (await send(w.admin, probeRequest('guardada'), key)).headers['idempotent-replayed'],
    ).toBe('true');
    expect(await probeRows('guardada')).toBe(1);
  });

  it('lets go of the key after a 5xx before any write: the retry runs', async () => {
    const key = randomUUID();
    probe.mode = 'fail-before';
    expect((await send(w.admin, probeRequest('antes'), key)).statusCode).toBe(500);
    expect(await keysOf(w.admin, key)).toEqual([]);
    probe.mode = 'kept';
    const retry = await send(w.admin, probeRequest('antes'), key);
    expect(retry.statusCode).toBe(201);
    expect(await probeRows('antes')).toBe(1);
  });

  it('gives the answer recorded with the write even when the route failed after its commit', async () => {
    const key = randomUUID();
    probe.mode = 'fail-after-recorded';
    expect((await send(w.admin, probeRequest('gravada'), key)).statusCode).toBe(500);
    probe.mode = 'kept';
    const retry = await send(w.admin, probeRequest('gravada'), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual({ key: expect.stringMatching(/^amostra-/) });
    expect(await probeRows('gravada')).toBe(1);
  });

  it('says the answer was lost when the write committed without one, and never writes again', async () => {
    const key = randomUUID();
    probe.mode = 'fail-after';
    expect((await send(w.admin, probeRequest('perdida'), key)).statusCode).toBe(500);
    probe.mode = 'kept';
    const retry = await send(w.admin, probeRequest('perdida'), key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ detail: m.answerLost });
    expect(await probeRows('perdida')).toBe(1);
  });

  it(`runs again a request whose process died before writing (${LOCK_SECONDS} s), and lets the late one write nothing`, async () => {
    probe.mode = 'kept';
    const key = randomUUID();
    let release!: () => void;
    probe.hold = new Promise((resolve) => (release = resolve));
    const late = send(w.admin, probeRequest('retomada'), key);
    while ((await keysOf(w.admin, key)).length === 0) await new Promise((r) => setImmediate(r));
    expect((await send(w.admin, probeRequest('retomada'), key)).statusCode).toBe(409);
    // The first one's lock is as old as a dead process's would be.
    await asIfRunning(w.admin, key, LOCK_SECONDS + 1);
    const taken = await send(w.admin, probeRequest('retomada'), key);
    expect(taken.statusCode).toBe(201);
    release();
    const refused = await late;
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: m.keyInFlight });
    expect(await probeRows('retomada')).toBe(1);
    expect((await send(w.admin, probeRequest('retomada'), key)).body).toBe(taken.body);
  });
});

it('documents the header on every write of a signed-in caller, and the 409 of the outbox writes', () => {
  type Operation = {
    security?: unknown;
    parameters?: { in: string; name: string }[];
    responses?: Record<string, unknown>;
  };
  const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const keyed: string[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const names = (operation.parameters ?? [])
        .filter((p) => p.in === 'header')
        .map((p) => p.name);
      if (names.includes('idempotency-key')) keyed.push(`${method.toUpperCase()} ${path}`);
      const write = ['post', 'put', 'patch', 'delete'].includes(method);
      expect(names.includes('idempotency-key'), `${method} ${path}`).toBe(
        write && operation.security !== undefined,
      );
    }
  }
  for (const write of OUTBOX_WRITES.filter((item) => item.name !== 'POST /api/uploads')) {
    expect(keyed).toContain(write.name);
    const [method, path] = write.name.split(' ');
    expect(spec.paths[path!]![method!.toLowerCase()]!.responses).toHaveProperty('409');
  }
});
