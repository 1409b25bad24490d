import { PROOF_MAX_BYTES } from '@agroselo/contracts';

/** A phone photo is read well at this size; the camera's 4000 px cost a weak link minutes. */
export const PHOTO_MAX_SIDE = 2048;
/** Photos (JPEG, WebP) above this are made smaller even when they are not larger in pixels. */
export const PHOTO_MAX_BYTES = 1.5 * 1024 * 1024;
/** 'Around 80 %': a phone photo keeps its detail at a fraction of the camera's bytes. */
export const JPEG_QUALITY = 0.8;

/**
 * Whether an image should be made smaller before it goes: photos (JPEG, WebP) larger than
 * PHOTO_MAX_SIDE or PHOTO_MAX_BYTES; a PNG (a scan, a screenshot, whose text JPEG blurs) only when
 * it would not fit the limit. PDFs go as they are.
 */
export function needsDownscale(
  file: { type: string; size: number },
  size?: { width: number; height: number },
) {
  if (file.type === 'image/png') return file.size > PROOF_MAX_BYTES;
  if (file.type !== 'image/jpeg' && file.type !== 'image/webp') return false;
  const side = size ? Math.max(size.width, size.height) : 0;
  return file.size > PHOTO_MAX_BYTES || side > PHOTO_MAX_SIDE;
}

/** The width and height that keep the proportions within PHOTO_MAX_SIDE. */
export function fittedSize(width: number, height: number) {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The file to upload as a proof: a large photo (from the phone's camera, say) redrawn as a JPEG
 * at most PHOTO_MAX_SIDE wide or high, upright as it was taken (the EXIF orientation applied by
 * createImageBitmap); anything else, or an image the browser cannot decode, as it is. The canvas
 * does it without a library: browser-image-compression would add its worker, loaded from a CDN
 * the app's CSP refuses, for the same redraw.
 */
export async function prepareProof(file: File): Promise<File> {
  if (!['image/jpeg', 'image/webp', 'image/png'].includes(file.type)) return file;
  // Only the pixel size of a photo is unknown yet; a PNG is judged by its bytes alone.
  if (file.type === 'image/png' && !needsDownscale(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (!needsDownscale(file, bitmap)) return file;
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, '') || 'foto';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
