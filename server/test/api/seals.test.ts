import { messages, StampSchema } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stamps } from '../../src/db/schema';
import { createSeal } from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';

// The smallest valid PNG (1×1, transparent): real bytes to compare after the round trip.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let t: TestApp;
let released: Awaited<ReturnType<typeof createSeal>>;
let withoutImage: Awaited<ReturnType<typeof createSeal>>;
let draft: Awaited<ReturnType<typeof createSeal>>;

async function withImage(seal: Awaited<ReturnType<typeof createSeal>>, mime: string) {
  const key = `stamps/${seal.stamp.id}/image`;
  await t.deps.storage.put(key, PNG);
  await t.db
    .update(stamps)
    .set({ imageKey: key, imageMime: mime })
    .where(eq(stamps.id, seal.stamp.id));
}

beforeAll(async () => {
  t = await buildTestApp();
  released = await createSeal(t.db, {
    stamp: {
      name: 'Arroz Sustentável RS',
      description: 'Boas práticas na lavoura de arroz irrigado',
      features: ['Uso racional da água', 'Manejo integrado de pragas'],
    },
  });
  await withImage(released, 'image/png');
  withoutImage = await createSeal(t.db, { stamp: { name: 'Arroz de Qualidade Superior' } });
  draft = await createSeal(t.db, {
    process: { released: false },
    stamp: { name: 'Arroz Orgânico do Pampa' },
  });
  await withImage(draft, 'image/png');
});

describe('GET /api/stamp/all', () => {
  it('is public and lists only the seals of released processes, in snake_case', async () => {
    const response = await t.app.inject({ url: '/api/stamp/all' });
    expect(response.statusCode).toBe(200);
    const body = z.array(StampSchema.strict()).parse(response.json());
    expect(body.map((stamp) => stamp.name).sort()).toEqual([
      'Arroz Sustentável RS',
      'Arroz de Qualidade Superior',
    ]);
    expect(body.find((stamp) => stamp.id === released.stamp.id)).toEqual({
      id: released.stamp.id,
      name: 'Arroz Sustentável RS',
      description: 'Boas práticas na lavoura de arroz irrigado',
      features: [{ feature: 'Uso racional da água' }, { feature: 'Manejo integrado de pragas' }],
      process_id: released.process.id,
      image_url: `/api/stamp/${released.stamp.id}/image`,
    });
    expect(body.find((stamp) => stamp.id === withoutImage.stamp.id)?.image_url).toBeNull();
  });

  it('answers the same to a signed-in caller', async () => {
    const response = await t.app.inject({
      url: '/api/stamp/all',
      headers: { authorization: 'Bearer qualquer-coisa' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});

describe('GET /api/stamp/:id/image', () => {
  it('answers 422 with a pt-BR message for an id that is not a uuid', async () => {
    const response = await t.app.inject({ url: '/api/stamp/nao-e-um-id/image' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['params', 'id'], msg: messages.common.invalidId, type: expect.any(String) }],
    });
  });

  it('answers 404 in pt-BR for an unknown seal, a draft and a seal without image', async () => {
    for (const id of [
      '01900000-0000-7000-8000-000000000000',
      draft.stamp.id,
      withoutImage.stamp.id,
    ]) {
      const response = await t.app.inject({ url: `/api/stamp/${id}/image` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: 'Imagem do selo não encontrada' });
    }
  });

  it('serves the bytes of a released seal with its content type', async () => {
    const response = await t.app.inject({ url: `/api/stamp/${released.stamp.id}/image` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 404 when the stored file is gone', async () => {
    await t.deps.storage.remove(`stamps/${released.stamp.id}/image`);
    const response = await t.app.inject({ url: `/api/stamp/${released.stamp.id}/image` });
    expect(response.statusCode).toBe(404);
    await t.deps.storage.put(`stamps/${released.stamp.id}/image`, PNG);
  });
});
