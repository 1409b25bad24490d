import { z } from 'zod';

/** GET /api/process-instance/pending: one item per request that waits for the caller. */
export const PendingItemSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  message: z.string(),
});
export type PendingItem = z.infer<typeof PendingItemSchema>;

export { PENDING_MESSAGES } from './constants';
