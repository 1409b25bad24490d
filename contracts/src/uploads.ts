import { z } from 'zod';

/**
 * Resumable uploads (tus 1.0, DESIGN §4b): a file is created at UPLOADS_PATH, sent in parts and,
 * with its last byte, attached as the multipart route named by its `target` would attach it.
 */
export const UPLOADS_PATH = '/api/uploads';

/**
 * Bytes per PATCH: a cut link loses at most one part, and one part takes a few seconds even on a
 * slow 3G uplink (400 kbit/s).
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/** An unfinished upload is removed once it is older than this. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** `Upload-Metadata` of the creation: what the file is and the multipart route it is for. */
export const UploadMetadataSchema = z.object({
  filename: z.string().min(1).max(255),
  filetype: z.string().max(255),
  target: z.string().startsWith('/api/').max(500),
});
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;
