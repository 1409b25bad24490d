import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { z } from 'zod';

const require = createRequire(import.meta.url);
// Without them pdf.js draws Helvetica with a serif fallback: other widths than the PDF's.
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The longest text made of `pattern` repeated that a form's schema accepts: the real limit,
 * asked of the contract rather than copied from it.
 */
export function longestAccepted(schema: z.ZodType, pattern: string): string {
  const text = (length: number) =>
    pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
  const accepts = (length: number) => schema.safeParse(text(length)).success;
  let [low, high] = [1, 10_000];
  if (!accepts(low) || accepts(high)) throw new Error(`no limit below ${high} characters`);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (accepts(mid)) low = mid;
    else high = mid;
  }
  return text(low);
}

export async function openPdf(bytes: Buffer) {
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    verbosity: 0,
    standardFontDataUrl,
  }).promise;
}

export interface Raster {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A page as a printer would see it: rendered to pixels, at `dpi`, on white. */
export async function rasterise(page: PDFPageProxy, dpi: number): Promise<Raster> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  type RenderParameters = Parameters<PDFPageProxy['render']>[0];
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as unknown as RenderParameters['canvasContext'],
    viewport,
  }).promise;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { data, width: canvas.width, height: canvas.height };
}

/** A part of a raster, with its own pixels. */
function window(raster: Raster, left: number, top: number, side: number): Raster {
  const width = Math.min(side, raster.width - left);
  const height = Math.min(side, raster.height - top);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * raster.width + left) * 4;
    data.set(raster.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { data, width, height };
}

/**
 * The QR code anywhere on the page, as a phone would frame it: jsQR on the whole page, then on
 * overlapping squares of two fifths of its width (on a whole page, the finder-like shapes of
 * letters sometimes win over the code's own).
 */
function findQrCode(raster: Raster) {
  const side = Math.round(raster.width * 0.4);
  const stride = Math.round(raster.width * 0.15);
  const code = jsQR(raster.data, raster.width, raster.height);
  if (code) return { code, left: 0, top: 0 };
  for (let top = 0; top < raster.height; top += stride)
    for (let left = 0; left < raster.width; left += stride) {
      const part = window(raster, left, top, side);
      const found = jsQR(part.data, part.width, part.height);
      if (found) return { code: found, left, top };
    }
  return null;
}

/**
 * The QR code read from a page's raster, and how many pixels of its quiet zone are not white: the
 * four modules around it, past one pixel of antialiasing. jsQR reads the code and its version
 * (so the number of modules); its finder centres are only near the truth (a few pixels off), so
 * the code's edges are found in the pixels: from each finder's centre outwards, across its dark
 * core, its white ring and its dark ring, to the first white pixel beyond.
 */
export function readQrCode(raster: Raster) {
  const found = findQrCode(raster);
  if (!found) return null;
  const { code, left, top } = found;
  const lightAt = (x: number, y: number, threshold: number) => {
    if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) return false;
    const at = (y * raster.width + x) * 4;
    return Math.min(raster.data[at]!, raster.data[at + 1]!, raster.data[at + 2]!) >= threshold;
  };
  const edge = (centre: { x: number; y: number }, dx: number, dy: number) => {
    let [x, y] = [Math.round(left + centre.x), Math.round(top + centre.y)];
    for (const light of [false, true, false])
      while (lightAt(x, y, 128) === light) [x, y] = [x + dx, y + dy];
    return dx === 0 ? y - dy : x - dx;
  };
  const { topLeftFinderPattern, topRightFinderPattern, bottomLeftFinderPattern } = code.location;
  const qr = {
    left: edge(topLeftFinderPattern, -1, 0),
    top: edge(topLeftFinderPattern, 0, -1),
    right: edge(topRightFinderPattern, 1, 0),
    bottom: edge(bottomLeftFinderPattern, 0, 1),
  };
  const modules = 17 + 4 * code.version;
  const module = (qr.right - qr.left + 1) / modules;
  const quiet = Math.ceil(4 * module);
  let marked = 0;
  for (let y = qr.top - quiet; y <= qr.bottom + quiet; y += 1)
    for (let x = qr.left - quiet; x <= qr.right + quiet; x += 1) {
      const inCode = x >= qr.left - 1 && x <= qr.right + 1 && y >= qr.top - 1 && y <= qr.bottom + 1;
      if (!inCode && !lightAt(x, y, 235)) marked += 1;
    }
  return { text: code.data, modules, modulePixels: module, markedInQuietZone: marked };
}
