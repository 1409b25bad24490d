import { z } from 'zod';

/** GET /api/stamp/all: the seals of released processes, public. */
export const StampSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.object({ feature: z.string() })),
  process_id: z.uuid().nullable(),
  image_url: z.string().nullable(),
});
export type Stamp = z.infer<typeof StampSchema>;
