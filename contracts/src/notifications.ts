import { z } from 'zod';

/** GET /api/process-instance/pending: one item per request that waits for the caller. */
export const PendingItemSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  message: z.string(),
});
export type PendingItem = z.infer<typeof PendingItemSchema>;

export const PENDING_MESSAGES = {
  staff: 'Processo solicitado. Avalie aqui!',
  owner: 'Processo aceito. Inicie o processo aqui!',
  /** The review (issue 20): an answered pendência waits for the staff, an open one for its owner. */
  pendencyAnswered: 'Pendência respondida. Revise aqui!',
  pendencyOpen: 'Pendência aberta. Corrija aqui!',
} as const;
