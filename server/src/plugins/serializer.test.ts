import fastJson from 'fast-json-stringify';
import {
  DEFAULT_FIELD_LOGIC,
  FormInstanceSchema,
  StateConflictBodySchema,
} from '@agroselo/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileSerializer,
  compiledResponseSerializer,
  nullableInsteadOfAnyOf,
} from './serializer';

const uuid = '01a217f1-d217-7002-a047-bf53c90f1be5';

const Row = z.object({
  id: z.uuid(),
  note: z.string().nullable(),
  due: z.iso.date().nullable(),
  at: z.iso.datetime().nullable(),
  count: z.number().int().nullable(),
  status: z.enum(['open', 'resolved']).nullable(),
  tags: z.array(z.string()).nullable(),
  person: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  either: z.union([z.literal('a'), z.number()]),
});

const full = {
  id: uuid,
  note: 'Área "norte"\n',
  due: '2027-03-26',
  at: '2026-11-26T13:00:51.098Z',
  count: 3,
  status: 'open' as const,
  tags: ['x', 'y'],
  person: { id: uuid, name: 'Sérgio Antunes' },
  either: 2,
};
const empty = {
  ...full,
  note: null,
  due: null,
  at: null,
  count: null,
  status: null,
  tags: null,
  person: null,
  either: 'a' as const,
};

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' });

describe('nullableInsteadOfAnyOf', () => {
  it('marks each nullable schema nullable instead of a union with null', () => {
    const rewritten = JSON.stringify(nullableInsteadOfAnyOf(jsonSchemaOf(Row)));
    // zod already writes a plain nullable string as `type: ['string', 'null']`.
    expect(rewritten).toContain('"note":{"type":["string","null"]}');
    expect(rewritten.match(/"nullable":true/g)).toHaveLength(6);
    // A union of two real branches keeps its anyOf: fast-json-stringify must still choose.
    expect(rewritten.match(/anyOf/g)).toHaveLength(1);
  });

  it('leaves a union of three branches, one of them null, as it is', () => {
    const schema = jsonSchemaOf(z.union([z.string(), z.number(), z.null()]));
    expect(nullableInsteadOfAnyOf(schema)).toEqual(schema);
  });
});

describe('compileSerializer', () => {
  it('writes what JSON.stringify writes, values and nulls alike, undeclared keys left out', () => {
    const stringify = compileSerializer(Row);
    for (const row of [full, empty]) {
      expect(stringify(Object.assign({ secret: 'x' }, row))).toBe(JSON.stringify(row));
    }
  });

  it('writes the same bytes as the anyOf schema did, for a form instance', () => {
    const person = { id: uuid, name: 'Sérgio Antunes' };
    const field = {
      id: uuid,
      name: 'Produto',
      type: 'text',
      producer_read_only: false,
      proof: false,
      unit: null,
      decimals: null,
    };
    const cell = {
      id: uuid,
      content: null,
      version: 0,
      created_at: full.at,
      updated_at: full.at,
      updated_by: person,
      field: { ...field, child_fields: [] },
      parent_field_instance_id: uuid,
      row_id: null,
      read_only: true,
      proof: {
        filename: 'laudo.pdf',
        mime: 'application/pdf',
        size: 10,
        sha256: null,
        uploaded_at: full.at,
        uploaded_by: null,
        url: '/api/x',
      },
    };
    const form = {
      id: uuid,
      process_instance_id: uuid,
      form: { id: null, name: 'Manejo', obligatory: false, deadline: '2027-03-26', sign: true },
      commited: true,
      commited_at: full.at,
      commited_by: person,
      signature: null,
      actions: { edit: false, finish: false },
      rice_area_ha: 42.5,
      field_instances: [
        {
          ...cell,
          child_field_instances: [cell, { ...cell, proof: null, updated_by: null }],
          pendency: {
            id: uuid,
            description: 'Falta',
            due_date: '2027-01-01',
            status: 'open',
            late: false,
          },
          logic: DEFAULT_FIELD_LOGIC,
          editable: true,
          carried_over: false,
          last_season: null,
        },
      ],
    };
    const before = fastJson(jsonSchemaOf(FormInstanceSchema) as Parameters<typeof fastJson>[0]);
    const written = compileSerializer(FormInstanceSchema)(form as never);
    expect(written).toBe(before(form));
    expect(JSON.parse(written)).toMatchObject({
      signature: null,
      field_instances: [{ last_season: null }],
    });
  });
});

describe('compiledResponseSerializer', () => {
  const serializerOf = (schema: z.ZodType, httpStatus: string) =>
    compiledResponseSerializer({ schema, httpStatus, method: 'PUT', url: '/x' });

  it('writes an answer through its schema, leaving out what the schema does not declare', () => {
    const write = serializerOf(z.object({ id: z.uuid() }), '200');
    expect(write({ id: uuid, secret: 'x' })).toBe(`{"id":"${uuid}"}`);
  });

  it("writes a refusal as it was built: a write's 409 schema documents it", () => {
    const write = serializerOf(StateConflictBodySchema, '409');
    expect(write({ detail: 'Formulário já finalizado' })).toBe(
      '{"detail":"Formulário já finalizado"}',
    );
  });
});
