import { z } from 'zod';

export { UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from './constants';

/** An unfinished upload is removed once it is older than this. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** `Upload-Metadata` of the creation: what the file is and the multipart route it is for. */
export const UploadMetadataSchema = z.object({
  filename: z.string().min(1).max(255),
  filetype: z.string().max(255),
  target: z.string().startsWith('/api/').max(500),
});
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;
