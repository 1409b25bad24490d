import {
  messages,
  NOTICE_FILE_TYPE,
  SEAL_IMAGE_MAX_BYTES,
  SEAL_IMAGE_TYPES,
  type UploadedFileValue,
} from '@agroselo/contracts';
import { acceptFile, type UploadedFile } from '../../lib/files';

const m = messages.seals;

/** The multipart reader (plugins/http.ts) reads every file part and its type from its bytes. */
const asUpload = (file: UploadedFileValue) => file as UploadedFile;

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export function checkSealImage(file: UploadedFileValue) {
  const image = acceptFile(asUpload(file), {
    types: SEAL_IMAGE_TYPES,
    maxBytes: SEAL_IMAGE_MAX_BYTES,
    tooLarge: m.imageTooLarge,
    wrongType: m.imageType,
  });
  return { ...image, ext: IMAGE_EXTENSIONS[image.mime] ?? 'bin' };
}

export const checkNoticeFile = (file: UploadedFileValue) =>
  acceptFile(asUpload(file), { types: [NOTICE_FILE_TYPE], wrongType: m.noticeFileType });
