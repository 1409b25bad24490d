import {
  messages,
  NOTICE_FILE_TYPE,
  SEAL_IMAGE_MAX_BYTES,
  SEAL_IMAGE_TYPES,
  type UploadedFileValue,
} from '@agroselo/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors';

export interface CheckedFile {
  data: Buffer;
  mime: string;
  ext: string;
}

const m = messages.seals;

/** The type the bytes say, whatever the name and the browser's `Content-Type` claim. */
async function sniff(file: UploadedFileValue) {
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  return { data, type: await fileTypeFromBuffer(data) };
}

export async function checkSealImage(file: UploadedFileValue): Promise<CheckedFile> {
  if (file.data.byteLength > SEAL_IMAGE_MAX_BYTES) throw new AppError(413, m.imageTooLarge);
  const { data, type } = await sniff(file);
  if (!type || !(SEAL_IMAGE_TYPES as readonly string[]).includes(type.mime))
    throw new AppError(415, m.imageType);
  return { data, mime: type.mime, ext: type.ext };
}

export async function checkNoticeFile(file: UploadedFileValue): Promise<CheckedFile> {
  const { data, type } = await sniff(file);
  if (type?.mime !== NOTICE_FILE_TYPE) throw new AppError(415, m.noticeFileType);
  return { data, mime: type.mime, ext: 'pdf' };
}
