import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isNullSchema = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as JsonSchema).type === 'null' &&
  Object.keys(schema).length === 1;

/**
 * zod writes `.nullable()` as `anyOf: [schema, { type: 'null' }]`, and fast-json-stringify
 * serializes an `anyOf` by validating the value against each branch with ajv (uuid and date
 * patterns included) until one matches: a form instance of 40 fields and 100 cells spent more
 * than half its serialization there. The same schema marked `nullable` (which fast-json-stringify
 * reads as "null or this") writes the same bytes without validating anything.
 */
export function nullableInsteadOfAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInsteadOfAnyOf);
  if (typeof schema !== 'object' || schema === null) return schema;
  const rewritten: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) rewritten[key] = nullableInsteadOfAnyOf(value);
  const { anyOf, ...rest } = rewritten;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || !anyOf.some(isNullSchema)) return rewritten;
  const other = anyOf.find((branch) => !isNullSchema(branch)) as JsonSchema;
  if (typeof other.type !== 'string' || 'anyOf' in other || 'nullable' in other) return rewritten;
  return { ...rest, ...other, nullable: true };
}

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
  return fastJson(nullableInsteadOfAnyOf(jsonSchema) as Parameters<typeof fastJson>[0]);
}

export const compiledResponseSerializer: FastifySerializerCompiler<z.ZodType> = ({
  schema,
  httpStatus,
}) => {
  // A refusal is built by the server's error paths ({detail}, a state conflict whose `current`
  // its GET's schema wrote already): its schema documents it, and is not compiled. The union of a
  // write's 409 took half a second to compile on first use.
  if (Number(httpStatus) >= 400) return (data: unknown) => JSON.stringify(data);
  const stringify = compileSerializer(schema);
  return (data: unknown) => stringify(data);
};
