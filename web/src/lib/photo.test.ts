import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROOF_MAX_BYTES } from '@agroselo/contracts';
import {
  fittedSize,
  JPEG_QUALITY,
  needsDownscale,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  prepareProof,
} from './photo';

describe('photos before upload', () => {
  it('makes large photos smaller, by pixels or by bytes', () => {
    expect(
      needsDownscale({ type: 'image/jpeg', size: 900_000 }, { width: 4000, height: 3000 }),
    ).toBe(true);
    expect(
      needsDownscale(
        { type: 'image/webp', size: PHOTO_MAX_BYTES + 1 },
        { width: 1200, height: 900 },
      ),
    ).toBe(true);
    expect(
      needsDownscale({ type: 'image/jpeg', size: 400_000 }, { width: 1600, height: 1200 }),
    ).toBe(false);
  });

  it('leaves PDFs alone, and PNGs unless they would not fit the limit', () => {
    expect(needsDownscale({ type: 'application/pdf', size: 9_000_000 })).toBe(false);
    expect(
      needsDownscale({ type: 'image/png', size: 3_000_000 }, { width: 5000, height: 4000 }),
    ).toBe(false);
    expect(needsDownscale({ type: 'image/png', size: PROOF_MAX_BYTES + 1 })).toBe(true);
  });

  it('keeps the proportions within the largest side', () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: PHOTO_MAX_SIDE, height: 1536 });
    expect(fittedSize(3000, 4000)).toEqual({ width: 1536, height: PHOTO_MAX_SIDE });
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('prepareProof, the canvas path', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /**
   * jsdom draws nothing: the browser's part is stubbed, so what is checked is what the code asks
   * of it (the journey uploads.spec.ts runs the real one on a sideways photo).
   */
  function stubCanvas(bitmap: { width: number; height: number }) {
    const decode = vi.fn(async () => ({ ...bitmap, close: vi.fn() }) as unknown as ImageBitmap);
    vi.stubGlobal('createImageBitmap', decode);
    const drawn: { width: number; height: number }[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      const { width, height } = this;
      return {
        drawImage: () => drawn.push({ width, height }),
      } as unknown as CanvasRenderingContext2D;
    } as unknown as HTMLCanvasElement['getContext']);
    const encode = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done) =>
        done(new Blob([new Uint8Array(380_000)], { type: 'image/jpeg' })),
      );
    return { decode, drawn, encode };
  }

  it('redraws a 5 MB camera photo upright within 2,048 px as an 80 % JPEG', async () => {
    // A phone held upright stores 4000 × 3000 with EXIF orientation 6; decoded upright it is
    // 3000 × 4000, which is what createImageBitmap gives when asked to apply the orientation.
    const { decode, drawn, encode } = stubCanvas({ width: 3000, height: 4000 });
    const photo = new File([new Uint8Array(5 * 1024 * 1024)], 'lavoura.jpeg', {
      type: 'image/jpeg',
      lastModified: 1_700_000_000_000,
    });
    const sent = await prepareProof(photo);
    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([{ width: 1536, height: PHOTO_MAX_SIDE }]);
    expect(encode).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', JPEG_QUALITY);
    expect(JPEG_QUALITY).toBe(0.8);
    expect(sent).toMatchObject({ name: 'lavoura.jpg', type: 'image/jpeg', size: 380_000 });
    expect(sent.lastModified).toBe(photo.lastModified);
  });

  it('sends a PDF, and a small photo, as they are', async () => {
    const { decode } = stubCanvas({ width: 1600, height: 1200 });
    const pdf = new File([new Uint8Array(8 * 1024 * 1024)], 'laudo.pdf', {
      type: 'application/pdf',
    });
    expect(await prepareProof(pdf)).toBe(pdf);
    expect(decode).not.toHaveBeenCalled();
    const small = new File([new Uint8Array(400_000)], 'foto.jpg', { type: 'image/jpeg' });
    expect(await prepareProof(small)).toBe(small);
  });
});
