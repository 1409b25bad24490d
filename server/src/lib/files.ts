import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@agroselo/contracts';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors';

/** A file part of a multipart request, read whole by the multipart plugin (plugins/http.ts). */
export interface UploadedFile {
  filename: string;
  /** What the client claimed; never trust it: `detectedMime` is what the bytes are. */
  mimetype: string;
  data: Buffer;
  /** The type read from the file's own bytes; null for text and unknown formats. */
  detectedMime: string | null;
}

/**
 * Types recognised by their bytes: a part that claims one of them (by extension or content type)
 * must be one, so an HTML page named `foto.png` never gets in.
 */
const BINARY_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.heic': 'image/heic',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
};
const BINARY_MIMES = new Set(Object.values(BINARY_TYPES));
// Office files are zip archives; file-type tells them apart, but a renamed zip is no threat.
const SAME_FAMILY: Record<string, string[]> = {
  'application/zip': Object.values(BINARY_TYPES).filter(
    (mime) => mime.includes('openxml') || mime.includes('opendocument'),
  ),
};

const mismatch = () => new AppError(415, messages.security.fileTypeMismatch);

/**
 * Reads the type of an uploaded part from its bytes and refuses it (415) when it claims a binary
 * type it is not. Run by the multipart plugin on every file part of every route.
 */
export async function inspectUpload(part: {
  filename: string;
  mimetype: string;
  data: Buffer;
}): Promise<UploadedFile> {
  // file-type loads with the first upload (docs/decisions/013).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = (await fileTypeFromBuffer(part.data))?.mime ?? null;
  const claims = [
    BINARY_TYPES[path.extname(part.filename).toLowerCase()],
    part.mimetype.toLowerCase(),
  ].filter((mime): mime is string => mime !== undefined && BINARY_MIMES.has(mime));
  const fits = (claimed: string) =>
    detected === claimed ||
    (detected !== null && SAME_FAMILY[detected]?.includes(claimed) === true);
  if (!claims.every(fits)) throw mismatch();
  return { ...part, detectedMime: detected };
}

/**
 * What an upload route calls on each file it takes: the file must be, by its bytes, one of
 * `types`, and no larger than `maxBytes` (413), a limit below the global UPLOAD_LIMITS.fileSize.
 */
export function acceptFile(
  file: UploadedFile,
  rule: {
    types: readonly string[];
    maxBytes?: number;
    /** What the route tells the user instead of the generic messages. */
    tooLarge?: string;
    wrongType?: string;
  },
): UploadedFile & { mime: string } {
  if (rule.maxBytes !== undefined && file.data.length > rule.maxBytes)
    throw new AppError(413, rule.tooLarge ?? messages.common.payloadTooLarge);
  if (!file.detectedMime || !rule.types.includes(file.detectedMime))
    throw new AppError(415, rule.wrongType ?? messages.security.fileTypeNotAllowed);
  return { ...file, mime: file.detectedMime };
}

/**
 * Content-Security-Policy of a stored file opened on its own: it can run nothing, load nothing and
 * be framed by no one. PDFs skip `sandbox`, which stops the browser's PDF viewer.
 */
export function fileCsp(mime: string): string {
  const base =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  return mime === 'application/pdf' ? base : `${base}; sandbox`;
}

/**
 * Sends a stored file: its real type, a file name, `nosniff` and the file CSP. `inline` for what
 * the page shows (images, PDFs to read); otherwise the browser downloads it.
 */
export function sendFile(
  reply: FastifyReply,
  file: {
    body: Readable | Buffer;
    mime: string;
    filename: string;
    inline?: boolean;
    cacheControl?: string;
  },
): FastifyReply {
  return reply
    .header('Content-Type', file.mime)
    .header(
      'Content-Disposition',
      contentDisposition(file.filename, { type: file.inline ? 'inline' : 'attachment' }),
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', fileCsp(file.mime))
    .header('Cache-Control', file.cacheControl ?? 'private, no-store')
    .send(file.body);
}
