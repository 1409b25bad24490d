import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { IdempotencyKeySchema, StateConflictBodySchema } from './offline';
import { PendencyReopenBodySchema, PendencyResolveBodySchema } from './review';

describe('IdempotencyKeySchema', () => {
  it('takes a UUID and any 1 to 255 printable ASCII characters', () => {
    for (const key of ['0190a0a0-0000-7000-8000-000000000000', 'a', ' !~', 'x'.repeat(255)])
      expect(IdempotencyKeySchema.parse(key)).toBe(key);
  });

  it('refuses an empty key, a longer one, control characters and what is not ASCII', () => {
    for (const key of ['', 'x'.repeat(256), 'a\tb', 'a\u0000', 'a\u007f', 'ação', '🌾']) {
      const parsed = IdempotencyKeySchema.safeParse(key);
      expect(parsed.success, JSON.stringify(key)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(messages.offline.keyInvalid);
    }
  });
});

describe('StateConflictBodySchema', () => {
  const pendency = {
    id: '0190a0a0-0000-7000-8000-000000000001',
    process_instance_id: '0190a0a0-0000-7000-8000-000000000002',
    form_instance_id: '0190a0a0-0000-7000-8000-000000000003',
    form_name: 'Gestão da água',
    field_instance_id: null,
    field_name: null,
    description: 'Envie a outorga',
    due_date: '2026-12-10',
    status: 'open',
    late: false,
    answer: null,
    created_by: null,
    created_at: '2026-11-28T12:00:00.000Z',
    events: [],
  };

  it('reads `current` by its `kind`', () => {
    const body = { detail: 'Esta pendência já está aberta.', kind: 'pendency', current: pendency };
    expect(StateConflictBodySchema.parse(body)).toEqual(body);
  });

  it('refuses a `current` of another kind, and a conflict without one', () => {
    expect(
      StateConflictBodySchema.safeParse({ detail: 'x', kind: 'form_instance', current: pendency })
        .success,
    ).toBe(false);
    expect(StateConflictBodySchema.safeParse({ detail: 'x' }).success).toBe(false);
  });
});

describe('the status a queued pendência change was made on', () => {
  it('is optional, and one of the three statuses', () => {
    expect(PendencyResolveBodySchema.parse(null)).toEqual({ note: '', expected_status: undefined });
    expect(PendencyResolveBodySchema.parse({ expected_status: 'answered' })).toEqual({
      note: '',
      expected_status: 'answered',
    });
    const wrong = PendencyReopenBodySchema.safeParse({ note: 'Falta', expected_status: 'closed' });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['expected_status'],
      message: messages.review.expectedStatusInvalid,
    });
  });
});
