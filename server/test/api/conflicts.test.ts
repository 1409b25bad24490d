import { randomUUID } from 'node:crypto';
import { messages, StateConflictBodySchema, type StateConflictBody } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formInstances, pendencies, processInstances } from '../../src/db/schema';
import { type UserRow } from '../../src/db/seed/factories';
import { OUTBOX_WRITES, type OutboxTarget } from '../support/outbox-writes';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

/**
 * A queued write whose target changed state meanwhile (DESIGN §4c): 409 with `current`, the
 * target exactly as its own GET gives it to the caller, so the outbox can show both.
 */
let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await reviewWorld(t);
});

const send = async (caller: UserRow, request: Omit<InjectOptions, 'path'>, key?: string) =>
  t.app.inject({
    ...request,
    headers: {
      ...(request.headers as Record<string, string>),
      ...(await t.auth(caller)),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });

const get = async (caller: UserRow, url: string) => (await send(caller, { url })).json<unknown>();

const writeNamed = (name: string) => OUTBOX_WRITES.find((write) => write.name === name)!;
const target = (name: string) => writeNamed(name).target(t, w);

/** The 409's body, read whole through the contract the outbox parses it with. */
function conflictOf(response: Awaited<ReturnType<typeof send>>): StateConflictBody {
  expect(response.statusCode, response.body).toBe(409);
  return exactly(StateConflictBodySchema, response.json());
}

const pendencyAsListed = async (caller: UserRow, place: OutboxTarget) => {
  const list = await get(caller, `/api/process-instance/${place.instanceId}/pendencies`);
  return (list as { id: string }[]).find((item) => item.id === place.pendencyId);
};

const conclude = (instanceId: string) =>
  t.db.update(processInstances).set({ finished: true }).where(eq(processInstances.id, instanceId));

const moveTo = (pendencyId: string, status: 'open' | 'answered' | 'resolved') =>
  t.db.update(pendencies).set({ status }).where(eq(pendencies.id, pendencyId));

describe('a pendência that moved on', () => {
  const r = messages.review;

  it.each([
    // [write, status it moved to, detail]
    ['PUT /api/pendency/{id}/answer', 'resolved', r.pendencyChanged('Resolvida')],
    ['PUT /api/pendency/{id}/resolve', 'open', r.pendencyChanged('Aberta')],
    ['PUT /api/pendency/{id}/resolve', 'resolved', r.pendencyChanged('Resolvida')],
    ['PUT /api/pendency/{id}/reopen', 'answered', r.pendencyChanged('Respondida')],
    ['PUT /api/pendency/{id}/reopen', 'open', r.pendencyChanged('Aberta')],
  ] as const)(
    '%s seen in another status, now %s: 409 with the pendência as listed',
    async (name, status, detail) => {
      const place = await target(name);
      await moveTo(place.pendencyId!, status);
      const body = conflictOf(await send(place.caller, await place.request()));
      expect(body).toEqual({
        detail,
        kind: 'pendency',
        current: await pendencyAsListed(place.caller, place),
      });
      expect(body.current).toMatchObject({ status });
    },
  );

  it.each([
    ['PUT /api/pendency/{id}/answer', 'answered', r.pendencyNotOpen],
    ['PUT /api/pendency/{id}/resolve', 'resolved', r.pendencyAlreadyResolved],
    ['PUT /api/pendency/{id}/reopen', 'open', r.pendencyAlreadyOpen],
  ] as const)(
    '%s without the status it was seen in, now %s: the 409 it answered before, with the pendência',
    async (name, status, detail) => {
      const place = await target(name);
      await moveTo(place.pendencyId!, status);
      const request = await place.request();
      const { expected_status: _seen, ...body } = JSON.parse(request.payload as string) as Record<
        string,
        unknown
      >;
      const conflict = conflictOf(await send(place.caller, { ...request, payload: body }));
      expect(conflict).toEqual({
        detail,
        kind: 'pendency',
        current: await pendencyAsListed(place.caller, place),
      });
    },
  );

  it('takes an admin reopening a pendência the technician resolved offline (the journey)', async () => {
    const place = await target('PUT /api/pendency/{id}/resolve');
    const reopened = await send(w.admin, {
      method: 'PUT',
      url: `/api/pendency/${place.pendencyId}/reopen`,
      payload: { note: 'Falta a assinatura' },
    });
    expect(reopened.statusCode).toBe(200);
    const key = randomUUID();
    const queued = await send(place.caller, await place.request(), key);
    expect(conflictOf(queued)).toEqual({
      detail: r.pendencyChanged('Aberta'),
      kind: 'pendency',
      current: reopened.json(),
    });
    // Sent again after a lost answer: the same 409, nothing resolved.
    const again = await send(place.caller, await place.request(), key);
    expect(again.body).toBe(queued.body);
    expect(await pendencyAsListed(place.caller, place)).toMatchObject({ status: 'open' });
  });
});

describe('an instance concluded meanwhile', () => {
  it.each(OUTBOX_WRITES.map((write) => write.name))(
    '%s: 409 with the instance as its GET gives it to the caller',
    async (name) => {
      const place = await target(name);
      await conclude(place.instanceId);
      const body = conflictOf(await send(place.caller, await place.request()));
      expect(body.kind).toBe('process_instance');
      expect(body.current).toEqual(
        await get(place.caller, `/api/process-instance/${place.instanceId}`),
      );
      expect(body.current).toMatchObject({ id: place.instanceId, finished: true });
    },
  );

  it('answers a parecer técnico queued while the committee decided with the decided instance', async () => {
    const place = await target('PUT /api/process-instance/{id}/recommendation');
    await t.db
      .update(formInstances)
      .set({ commited: true, commitedAt: new Date() })
      .where(eq(formInstances.processInstanceId, place.instanceId));
    const recommended = await send(place.caller, await place.request());
    expect(recommended.statusCode).toBe(200);
    const decided = await send(w.admin, {
      method: 'PUT',
      url: `/api/process-instance/${place.instanceId}/finish`,
      payload: { approved: true, level: 'ouro', note: 'Aprovado pelo comitê' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const queued = conflictOf(await send(place.caller, await place.request('other')));
    expect(queued).toMatchObject({
      detail: messages.review.recommendationNotAllowed,
      kind: 'process_instance',
      current: { id: place.instanceId, finished: true, approved: true },
    });
    expect(queued.current).toEqual(
      await get(place.caller, `/api/process-instance/${place.instanceId}`),
    );
  });
});

describe('a form finished meanwhile', () => {
  it.each([
    'PUT /api/process-instance/{id}/form/{formId}/save',
    'PUT /api/process-instance/{id}/form/{formId}/field/{fieldId}/edit',
    'POST /api/process-instance/{id}/form/{formId}/field/{fieldId}/proof',
  ])('%s: 409 with the form as its GET gives it', async (name) => {
    const place = await target(name);
    await t.db
      .update(formInstances)
      .set({ commited: true, commitedAt: new Date() })
      .where(eq(formInstances.id, place.formInstanceId!));
    const body = conflictOf(await send(place.caller, await place.request()));
    const url = `/api/process-instance/${place.instanceId}/form/${place.formInstanceId}`;
    expect(body).toEqual({
      detail: messages.forms.commited,
      kind: 'form_instance',
      current: await get(place.caller, url),
    });
  });
});
