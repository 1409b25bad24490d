import { PendencySchema } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createField,
  createForm,
  createPendency,
  createSeal,
  startedInstance,
} from '../../src/db/seed/factories';
import { pendencyEvents } from '../../src/db/schema';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await reviewWorld(t);
});

describe("GET /api/process-instance/{id}/pendencies: the times of a pendência's steps", () => {
  it('are written by PostgreSQL as Date#toISOString wrote them: UTC, milliseconds cut', async () => {
    const { process } = await createSeal(t.db);
    const field = await createField(t.db, { type: 'text', name: 'Outorga' });
    await createForm(t.db, process.id, { name: 'Gestão da água', fieldIds: [field.id] });
    const { instance, forms } = await startedInstance(t.db, {
      process,
      property: w.farm,
      technician: w.technician,
    });
    const pendency = await createPendency(t.db, {
      instance,
      formInstanceId: forms[0]!.id,
      by: w.technician,
      owner: w.owner,
      status: 'resolved',
    });
    const stored = [
      '2026-11-26 06:40:00.123999-03',
      '2026-02-01 23:59:59.999999+00',
      '2026-07-15 12:00:00+05:30',
    ];
    const steps = await t.db
      .select({ id: pendencyEvents.id })
      .from(pendencyEvents)
      .where(eq(pendencyEvents.pendencyId, pendency.id))
      .orderBy(pendencyEvents.createdAt);
    for (const [index, step] of steps.entries())
      await t.db
        .update(pendencyEvents)
        .set({ createdAt: sql`${stored[index]}::timestamptz` })
        .where(eq(pendencyEvents.id, step.id));

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/process-instance/${instance.id}/pendencies`,
      headers: await t.auth(w.admin),
    });
    expect(response.statusCode).toBe(200);
    const [listed] = z.array(PendencySchema).parse(response.json());
    expect(listed!.events.map((event) => event.created_at).sort()).toEqual(
      stored.map((text) => new Date(text).toISOString()).sort(),
    );
    expect(listed!.events.map((event) => event.created_at).sort()).toEqual([
      '2026-02-01T23:59:59.999Z',
      '2026-07-15T06:30:00.000Z',
      '2026-11-26T09:40:00.123Z',
    ]);
  });
});
