import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES } from '@agroselo/contracts';
import { fittedSize, needsDownscale, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from './photo';

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
