import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Responses are described by the zod schemas of contracts/, but validating every response with
 * zod costs about half the throughput of a one-query route (DESIGN §8). Each response schema is
 * turned into JSON Schema once, at start, and compiled with fast-json-stringify: undeclared fields
 * are still left out, at the cost of one JSON.stringify.
 */
export function compileSerializer<T>(schema: z.ZodType<T>): (data: T) => string {
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

export const compiledResponseSerializer: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const stringify = compileSerializer(schema);
  return (data: unknown) => stringify(data);
};
