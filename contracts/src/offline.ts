import { z } from 'zod';
import { ErrorBodySchema } from './common';
import { IDEMPOTENCY_KEY_MAX } from './constants';
import { FormConflictBodySchema, FormInstanceSchema } from './forms';
import { InstanceDetailSchema } from './instances';
import { messages } from './messages';
import { PendencySchema } from './review';

export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_RETENTION_DAYS,
  IDEMPOTENT_REPLAYED_HEADER,
} from './constants';

/** `Idempotency-Key`: 1 to 255 printable ASCII characters (the outbox sends a UUID). */
export const IdempotencyKeySchema = z
  .string()
  .regex(new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), messages.offline.keyInvalid);

/** What `current` of a state conflict is: the resource as its own GET gives it. */
export const STATE_CONFLICT_KINDS = ['pendency', 'form_instance', 'process_instance'] as const;
export type StateConflictKind = (typeof STATE_CONFLICT_KINDS)[number];

const stateConflict = <K extends StateConflictKind, S extends z.ZodType>(kind: K, current: S) =>
  z.object({ detail: z.string(), kind: z.literal(kind), current });

/**
 * 409 of a write whose target changed state since the write was made (DESIGN §4c): `detail` says
 * what, in pt-BR, and `current` is the target now, as its GET gives it: `pendency` as an item of
 * GET …/pendencies, `form_instance` as GET …/form/{formId}, `process_instance` as
 * GET /api/process-instance/{id}. The outbox shows it beside what the user wrote.
 */
export const StateConflictBodySchema = z.discriminatedUnion('kind', [
  stateConflict('pendency', PendencySchema),
  stateConflict('form_instance', FormInstanceSchema),
  stateConflict('process_instance', InstanceDetailSchema),
]);
export type StateConflictBody = z.infer<typeof StateConflictBodySchema>;

/** Every 409 of a write: a state conflict, or another refusal with its `detail` alone. */
export const WriteConflictBodySchema = z.union([StateConflictBodySchema, ErrorBodySchema]);
/** The same for the form writes, whose 409 may also list the fields changed meanwhile. */
export const FormWriteConflictBodySchema = z.union([
  StateConflictBodySchema,
  FormConflictBodySchema,
]);
