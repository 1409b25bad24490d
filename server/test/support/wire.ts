import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * A JSON answer read through its contract schema, which must give it back whole: zod drops keys
 * an object does not declare, so an answer with a key the contract lacks, at any depth, fails
 * here. For answers not written by the response serializer (the form instance's, built by SQL).
 */
export function exactly<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.parse(body);
  expect(parsed).toStrictEqual(body);
  return parsed;
}
