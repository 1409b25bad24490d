import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  FormInstanceSchema,
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTOS_MAX,
  InspectionSchema,
  messages,
  PROOF_MAX_BYTES,
} from '@agroselo/contracts';
import { Metadata } from '@tus/utils';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createField,
  createForm,
  createInspection,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  startedInstance,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { inspectionPhotos, proofs } from '../../src/db/schema';
import { createJobRunner } from '../../src/lib/jobs';
import { expiredUploadsJob } from '../../src/modules/uploads/store';
import { FAKE_PNG, PDF, PNG } from '../support/files';
import { buildTestApp, silentLogger, type TestApp } from '../support/test-app';

const m = messages.uploads;
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { 'content-type': 'application/offset+octet-stream' };

let t: TestApp;
let technician: UserRow;
let otherTechnician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let pendingUser: UserRow;
let farm: PropertyRow;
let proofFieldId: string;
let plainFieldId: string;

beforeAll(async () => {
  t = await buildTestApp();
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  otherTechnician = await createUser(t.db, { role: 'technician', crea: '00000007654321' });
  owner = await createUser(t.db, { role: 'owner' });
  otherOwner = await createUser(t.db, { role: 'owner' });
  pendingUser = await createUser(t.db, { role: 'user', pending: true });
  farm = await createProperty(t.db, { owner });
  await createProperty(t.db, { owner: otherOwner });
  proofFieldId = (await createField(t.db, { name: 'Outorga', type: 'bool', proof: true })).id;
  plainFieldId = (await createField(t.db, { name: 'Cultivar', type: 'text' })).id;
});

/** A started instance whose form has a proof field and a plain one; the proof route's path. */
async function proofTarget() {
  const { process } = await createSeal(t.db);
  await createForm(t.db, process.id, { fieldIds: [proofFieldId, plainFieldId] });
  const { instance, forms } = await startedInstance(t.db, { process, property: farm, technician });
  const form = forms[0]!;
  const base = `/api/process-instance/${instance.id}/form/${form.id}/field`;
  const fieldId = form.fieldInstanceOf(proofFieldId);
  return {
    fieldId,
    target: `${base}/${fieldId}/proof`,
    plainTarget: `${base}/${form.fieldInstanceOf(plainFieldId)}/proof`,
  };
}

type Caller = UserRow | null;

async function call(
  caller: Caller,
  method: InjectOptions['method'],
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  const auth = caller ? await t.auth(caller) : {};
  return t.app.inject({ method, url, payload, headers: { ...TUS, ...headers, ...auth } });
}

const create = (
  caller: Caller,
  target: string,
  size: number,
  filename = 'outorga.pdf',
  filetype = 'application/pdf',
) =>
  call(caller, 'POST', '/api/uploads', {
    'upload-length': String(size),
    'upload-metadata': Metadata.stringify({ filename, filetype, target }),
  });

const patch = (caller: Caller, location: string, offset: number, bytes: Buffer) =>
  call(caller, 'PATCH', location, { ...OCTETS, 'upload-offset': String(offset) }, bytes);

/** Partial uploads on disk: nothing must be left of a refused one. */
const partialFiles = async () =>
  (await readdir(path.join(t.dataDir, 'partial-uploads')).catch(() => [])).length;

const storedProofs = async (fieldId: string) =>
  t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, fieldId));

/** A PDF of `size` bytes: real PDF bytes followed by padding. */
const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);

describe('tus uploads at /api/uploads', () => {
  it('tells the protocol to anyone, without a token', async () => {
    const response = await call(null, 'OPTIONS', '/api/uploads');
    expect(response.statusCode).toBe(204);
    expect(response.headers['tus-version']).toContain('1.0.0');
    expect(response.headers['tus-max-size']).toBe(String(PROOF_MAX_BYTES));
  });

  it('answers 401 without a token and 403 to an unverified account, storing nothing', async () => {
    const { target } = await proofTarget();
    const anonymous = await create(null, target, PDF.length);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: messages.auth.notAuthenticated });
    const pending = await create(pendingUser, target, PDF.length);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ detail: messages.auth.accountNotVerified });
    expect(await partialFiles()).toBe(0);
  });

  it('refuses what the proof route refuses: another producer (404), staff (403), a field without proof (400)', async () => {
    const { target, plainTarget } = await proofTarget();
    const stranger = await create(otherOwner, target, PDF.length);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: messages.forms.notFound });
    const staff = await create(technician, target, PDF.length);
    expect(staff.statusCode).toBe(403);
    const noProof = await create(owner, plainTarget, PDF.length);
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json()).toEqual({ detail: messages.forms.noProof });
    expect(await partialFiles()).toBe(0);
  });

  it('refuses a target that is no upload route, and metadata without one', async () => {
    const unknown = await create(owner, '/api/users/me', PDF.length);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: m.targetInvalid });
    const none = await call(owner, 'POST', '/api/uploads', { 'upload-length': '10' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: m.metadataRequired });
    expect(await partialFiles()).toBe(0);
  });

  it('answers 413 with the proof message to a file over the limit, before any byte', async () => {
    const { target } = await proofTarget();
    const response = await create(owner, target, PROOF_MAX_BYTES + 1);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: messages.forms.proofTooLarge });
    expect(await partialFiles()).toBe(0);
  });

  it('takes a file in parts, resumes from the offset HEAD gives, and attaches it as the proof route', async () => {
    const { target, fieldId } = await proofTarget();
    const bytes = pdfOf(300_000);
    const created = await create(owner, target, bytes.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    expect((await patch(owner, location, 0, bytes.subarray(0, 100_000))).statusCode).toBe(204);
    // The link drops: the client asks where the server is and goes on from there.
    const head = await call(owner, 'HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100000');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    const stale = await patch(owner, location, 0, bytes.subarray(0, 10));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: m.offsetConflict });
    expect(
      (await patch(owner, location, 100_000, bytes.subarray(100_000, 200_000))).statusCode,
    ).toBe(204);
    expect(await storedProofs(fieldId)).toEqual([]);

    const last = await patch(owner, location, 200_000, bytes.subarray(200_000));
    expect(last.statusCode).toBe(200);
    const form = FormInstanceSchema.parse(last.json());
    expect(form.field_instances.find((field) => field.id === fieldId)?.proof).toMatchObject({
      filename: 'outorga.pdf',
      mime: 'application/pdf',
      size: bytes.length,
    });
    const [stored] = await storedProofs(fieldId);
    expect(stored?.storageKey).toMatch(new RegExp(`^proofs/[^/]+/${fieldId}/[^/]+\\.pdf$`));
    const download = await call(owner, 'GET', target);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // The partial upload is gone once attached; HEAD says it is whole.
    expect(await partialFiles()).toBe(0);
    const done = await call(owner, 'HEAD', location);
    expect(done.statusCode).toBe(200);
    expect(done.headers['upload-offset']).toBe(String(bytes.length));
    expect(done.headers['upload-length']).toBe(String(bytes.length));
  });

  it('hides an upload from everyone but its creator, and lets the creator cancel it', async () => {
    const { target } = await proofTarget();
    const location = (await create(owner, target, 1000)).headers.location!;
    for (const method of ['HEAD', 'DELETE'] as const) {
      const stranger = await call(otherOwner, method, location);
      expect(stranger.statusCode).toBe(404);
    }
    const foreignPatch = await patch(otherOwner, location, 0, Buffer.alloc(10));
    expect(foreignPatch.statusCode).toBe(404);
    expect(foreignPatch.json()).toEqual({ detail: m.notFound });
    expect((await call(null, 'HEAD', location)).statusCode).toBe(401);
    expect((await call(owner, 'HEAD', '/api/uploads/nope')).statusCode).toBe(404);

    expect((await call(owner, 'DELETE', location)).statusCode).toBe(204);
    expect((await call(owner, 'HEAD', location)).statusCode).toBe(404);
    expect(await partialFiles()).toBe(0);
  });

  it('answers 415 to a file whose bytes are not what it claims, keeping nothing', async () => {
    const { target, fieldId } = await proofTarget();
    const location = (await create(owner, target, FAKE_PNG.length, 'foto.png')).headers.location!;
    const response = await patch(owner, location, 0, FAKE_PNG);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: messages.security.fileTypeMismatch });
    const text = Buffer.from('apenas um texto');
    const plain = await call(owner, 'POST', '/api/uploads', {
      'upload-length': String(text.length),
      'upload-metadata': Metadata.stringify({
        filename: 'nota.txt',
        filetype: 'text/plain',
        target,
      }),
    });
    const refused = await patch(owner, plain.headers.location!, 0, text);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ detail: messages.forms.proofType });
    expect(await storedProofs(fieldId)).toEqual([]);
    expect(await partialFiles()).toBe(0);
    const files = await readdir(path.join(t.dataDir, 'uploads'), { recursive: true }).catch(
      () => [],
    );
    expect(files.filter((name) => name.includes(fieldId))).toEqual([]);
  });

  it('removes an abandoned upload after 24 hours with the daily job', async () => {
    const { target } = await proofTarget();
    const location = (await create(owner, target, 1000)).headers.location!;
    await patch(owner, location, 0, Buffer.alloc(100, 0x20));
    const runner = createJobRunner({
      db: t.db,
      jobs: [expiredUploadsJob(t.deps.config)],
      log: silentLogger as never,
    });
    const soon = await runner.runDue(new Date(Date.now() + 60 * 60 * 1000));
    expect(soon).toMatchObject([
      { status: 'ran', summary: '0 envios abandonados removidos, 0 envios concluídos esquecidos' },
    ]);
    expect((await call(owner, 'HEAD', location)).statusCode).toBe(200);
    const later = await runner.runDue(new Date(Date.now() + 49 * 60 * 60 * 1000));
    expect(later).toMatchObject([
      { status: 'ran', summary: '1 envios abandonados removidos, 0 envios concluídos esquecidos' },
    ]);
    expect((await call(owner, 'HEAD', location)).statusCode).toBe(404);
    expect(await partialFiles()).toBe(0);
  });
});

/** A vistoria of an instance under review by `technician`, with `photos` photos already. */
async function inspectionTarget(photos = 0) {
  const instance = await createInstance(t.db, { property: farm, technician, initiated: true });
  const inspection = await createInspection(t.db, {
    instance,
    by: technician,
    photoKeys: Array.from({ length: photos }, (_, index) => `inspections/seed/${index}.png`),
  });
  return {
    inspectionId: inspection.id,
    target: `/api/process-instance/${instance.id}/inspections/${inspection.id}/photos`,
  };
}

const storedPhotos = async (inspectionId: string) =>
  t.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.inspectionId, inspectionId));

/** Files the vistoria's photos route stored for `inspectionId`. */
const photoFiles = async (inspectionId: string) =>
  (await readdir(path.join(t.dataDir, 'uploads', 'inspections', inspectionId)).catch(() => []))
    .length;

const createPhoto = (caller: Caller, target: string, bytes: Buffer) =>
  create(caller, target, bytes.length, 'lavoura.png', 'image/png');

describe('tus uploads of a vistoria photo', () => {
  it('takes a photo in parts and attaches it to the vistoria as the photos route', async () => {
    const { target, inspectionId } = await inspectionTarget(2);
    const bytes = Buffer.concat([PNG, Buffer.alloc(150_000, 0x20)]);
    const created = await createPhoto(technician, target, bytes);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location!;
    expect((await patch(technician, location, 0, bytes.subarray(0, 80_000))).statusCode).toBe(204);
    expect((await call(technician, 'HEAD', location)).headers['upload-offset']).toBe('80000');
    const last = await patch(technician, location, 80_000, bytes.subarray(80_000));
    expect(last.statusCode).toBe(200);
    const inspection = InspectionSchema.parse(last.json());
    expect(inspection.id).toBe(inspectionId);
    expect(inspection.photos).toHaveLength(3);
    const rows = await storedPhotos(inspectionId);
    expect(rows.find((row) => row.index === 2)).toMatchObject({
      mime: 'image/png',
      size: bytes.length,
    });
    const download = await call(technician, 'GET', `/api/inspection/${inspectionId}/photo/2`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(await partialFiles()).toBe(0);
  });

  it('refuses who may not inspect, a vistoria of another instance and a photo over 10 MB, before any byte', async () => {
    const { target, inspectionId } = await inspectionTarget();
    const producer = await createPhoto(owner, target, PNG);
    expect(producer.statusCode).toBe(403);
    expect(producer.json()).toEqual({ detail: messages.auth.forbidden });
    const other = await createPhoto(otherTechnician, target, PNG);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: messages.review.reviewerOnly });
    const elsewhere = await inspectionTarget();
    const mismatched = target.replace(inspectionId, elsewhere.inspectionId);
    const notHers = await createPhoto(technician, mismatched, PNG);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json()).toEqual({ detail: messages.review.inspectionNotFound });
    const large = await create(technician, target, INSPECTION_PHOTO_MAX_BYTES + 1, 'a.png');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: messages.review.photoTooLarge });
    expect(await partialFiles()).toBe(0);
    expect(await storedPhotos(inspectionId)).toEqual([]);
  });

  it('refuses an eleventh photo when the upload starts, and at its last byte when others came first', async () => {
    const full = await inspectionTarget(INSPECTION_PHOTOS_MAX);
    const refused = await createPhoto(technician, full.target, PNG);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: messages.review.tooManyPhotos(INSPECTION_PHOTOS_MAX),
    });

    const { target, inspectionId } = await inspectionTarget(INSPECTION_PHOTOS_MAX - 1);
    const first = (await createPhoto(technician, target, PNG)).headers.location!;
    const second = (await createPhoto(technician, target, PNG)).headers.location!;
    expect((await patch(technician, first, 0, PNG)).statusCode).toBe(200);
    const late = await patch(technician, second, 0, PNG);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: messages.review.tooManyPhotos(INSPECTION_PHOTOS_MAX) });
    expect(await storedPhotos(inspectionId)).toHaveLength(INSPECTION_PHOTOS_MAX);
    expect(await photoFiles(inspectionId)).toBe(1);
    expect(await partialFiles()).toBe(0);
  });

  it('answers 415 to a photo whose bytes are no image, keeping nothing', async () => {
    const { target, inspectionId } = await inspectionTarget();
    const fake = (await createPhoto(technician, target, FAKE_PNG)).headers.location!;
    const lying = await patch(technician, fake, 0, FAKE_PNG);
    expect(lying.statusCode).toBe(415);
    expect(lying.json()).toEqual({ detail: messages.security.fileTypeMismatch });
    const pdf = (await create(technician, target, PDF.length)).headers.location!;
    const notAPhoto = await patch(technician, pdf, 0, PDF);
    expect(notAPhoto.statusCode).toBe(415);
    expect(notAPhoto.json()).toEqual({ detail: messages.review.photoType });
    expect(await storedPhotos(inspectionId)).toEqual([]);
    expect(await photoFiles(inspectionId)).toBe(0);
    expect(await partialFiles()).toBe(0);
  });
});
