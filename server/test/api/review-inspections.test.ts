import { InspectionSchema, InstanceDetailSchema, messages } from '@agroselo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createInspection, createInstance, type UserRow } from '../../src/db/seed/factories';
import { day } from '../support/days';
import { FAKE_PNG, file, multipartWith, PDF, PNG, WEBP } from '../support/files';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.review;

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await reviewWorld(t);
});

const started = (assigned: UserRow = w.technician) =>
  createInstance(t.db, { property: w.farm, technician: assigned, initiated: true });

const photo = (bytes = PNG, name = 'lavoura.png', type = 'image/png') => file(bytes, name, type);

const visit = (extra: Record<string, string | Blob | (string | Blob)[]> = {}) =>
  multipartWith({
    visited_on: day(0),
    latitude: '-30.8512',
    longitude: '-51.7986',
    summary: 'Taipas conservadas e canais limpos.',
    photos: [photo(), photo(WEBP, 'canal.webp', 'image/webp')],
    ...extra,
  });

const post = async (caller: UserRow | null, url: string, body: Awaited<ReturnType<typeof visit>>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(caller ? await t.auth(caller) : {}) },
  });

const get = async (caller: UserRow | null, url: string) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });

describe('POST /api/process-instance/{id}/inspections', () => {
  it('answers 401, and 403 to producers, other technicians and the responsible technician', async () => {
    const instance = await started();
    const url = `/api/process-instance/${instance.id}/inspections`;
    expect((await post(null, url, await visit())).statusCode).toBe(401);
    expect((await post(w.owner, url, await visit())).statusCode).toBe(403);
    const other = await post(w.otherTechnician, url, await visit());
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: m.reviewerOnly });
    const mine = await started(w.conflicted);
    const refused = await post(
      w.conflicted,
      `/api/process-instance/${mine.id}/inspections`,
      await visit(),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: m.conflictOfInterest });
  });

  it('refuses a position outside Rio Grande do Sul, a future day, a blank summary', async () => {
    const instance = await started();
    const url = `/api/process-instance/${instance.id}/inspections`;
    for (const [extra, msg] of [
      [{ latitude: '-23.55', longitude: '-46.63' }, m.outsideRs],
      [{ latitude: '-33.80' }, m.outsideRs],
      [{ longitude: '-49.60' }, m.outsideRs],
      [{ latitude: 'abc' }, m.latitudeRequired],
      [{ visited_on: day(1) }, m.visitedOnFuture],
      [{ summary: '  ' }, m.summaryRequired],
    ] as const) {
      const response = await post(w.admin, url, await visit(extra));
      expect(response.statusCode, msg).toBe(422);
      expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(msg);
    }
  });

  it('takes the RS corners themselves', async () => {
    const instance = await started();
    const response = await post(
      w.admin,
      `/api/process-instance/${instance.id}/inspections`,
      await visit({ latitude: '-33.76', longitude: '-49.69', photos: [] }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('refuses a PDF or a lying PNG as a photo, and more than 10 photos', async () => {
    const instance = await started();
    const url = `/api/process-instance/${instance.id}/inspections`;
    const pdf = await post(
      w.admin,
      url,
      await visit({ photos: photo(PDF, 'a.pdf', 'application/pdf') }),
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ detail: m.photoType });
    const fake = await post(w.admin, url, await visit({ photos: photo(FAKE_PNG) }));
    expect(fake.statusCode).toBe(415);
    const many = await post(
      w.admin,
      url,
      await visit({ photos: Array.from({ length: 11 }, () => photo()) }),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().detail[0].msg).toBe(m.tooManyPhotos(10));
    const list = await get(w.admin, url);
    expect(list.headers['x-total-count']).toBe('0');
  });

  it('answers 409 before the start and after the conclusion', async () => {
    const accepted = await createInstance(t.db, { property: w.farm, technician: w.technician });
    const response = await post(
      w.technician,
      `/api/process-instance/${accepted.id}/inspections`,
      await visit(),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: m.inspectionNotAllowed,
      kind: 'process_instance',
      current: { id: accepted.id },
    });
  });

  it('records the vistoria with its photos, the timeline event and the count', async () => {
    const instance = await started();
    const response = await post(
      w.technician,
      `/api/process-instance/${instance.id}/inspections`,
      await visit(),
    );
    expect(response.statusCode).toBe(201);
    const inspection = InspectionSchema.strict().parse(response.json());
    expect(inspection).toMatchObject({
      process_instance_id: instance.id,
      visited_on: day(0),
      latitude: -30.8512,
      longitude: -51.7986,
      summary: 'Taipas conservadas e canais limpos.',
      created_by: { id: w.technician.id, name: 'Ana Becker' },
    });
    expect(inspection.photos).toEqual([
      { index: 0, content_type: 'image/png', url: `/api/inspection/${inspection.id}/photo/0` },
      { index: 1, content_type: 'image/webp', url: `/api/inspection/${inspection.id}/photo/1` },
    ]);
    const detail = InstanceDetailSchema.parse(
      (await get(w.owner, `/api/process-instance/${instance.id}`)).json(),
    );
    expect(detail.review.inspections).toBe(1);
    expect(detail.events.at(-1)).toMatchObject({
      type: 'inspection_recorded',
      message: expect.stringContaining('Vistoria de') as string,
    });

    const image = await get(w.owner, inspection.photos[0]!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await get(w.otherOwner, inspection.photos[0]!.url)).statusCode).toBe(404);
    expect((await get(w.owner, `/api/inspection/${inspection.id}/photo/5`)).statusCode).toBe(404);
  });
});

describe('POST …/inspections/{inspectionId}/photos', () => {
  it('adds photos after the last one, up to 10 in all (409 past that)', async () => {
    const instance = await started();
    const inspection = await createInspection(t.db, { instance, by: w.technician });
    const url = `/api/process-instance/${instance.id}/inspections/${inspection.id}/photos`;
    const eight = await multipartWith({ photos: Array.from({ length: 8 }, () => photo()) });
    const first = await post(w.technician, url, eight);
    expect(first.statusCode).toBe(200);
    expect(InspectionSchema.parse(first.json()).photos.map((item) => item.index)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    const three = await multipartWith({ photos: [photo(), photo(), photo()] });
    const tooMany = await post(w.admin, url, three);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ detail: m.tooManyPhotos(10) });
    const two = await multipartWith({ photos: [photo(), photo()] });
    expect((await post(w.admin, url, two)).json().photos).toHaveLength(10);
    expect((await post(w.owner, url, two)).statusCode).toBe(403);
    const elsewhere = await started();
    const wrong = await post(
      w.admin,
      `/api/process-instance/${elsewhere.id}/inspections/${inspection.id}/photos`,
      two,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ detail: m.inspectionNotFound });
  });
});

describe('GET /api/process-instance/{id}/inspections', () => {
  it('lists by day of visit to the owner and staff, 404 to another producer, one query', async () => {
    const instance = await started();
    await createInspection(t.db, { instance, by: w.technician, visitedOn: day(-1) });
    await createInspection(t.db, { instance, by: w.admin, visitedOn: day(-5) });
    const url = `/api/process-instance/${instance.id}/inspections`;
    expect((await get(w.otherOwner, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    for (const caller of [w.owner, w.technician, w.otherTechnician, w.admin]) {
      const response = await get(caller, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      expect(
        z
          .array(InspectionSchema.strict())
          .parse(response.json())
          .map((item) => item.visited_on),
      ).toEqual([day(-5), day(-1)]);
    }
    const page = await get(w.owner, `${url}?limit=1&offset=1`);
    expect(page.json().map((item: { visited_on: string }) => item.visited_on)).toEqual([day(-1)]);
  });
});
