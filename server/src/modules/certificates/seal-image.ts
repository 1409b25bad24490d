import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js';
import { PNG } from 'pngjs';
import type { Storage } from '../../lib/storage';

/** A seal image in a form pdfkit draws: SVG as vectors, PNG and JPEG as they are. */
export type DrawableImage = { kind: 'svg'; svg: string } | { kind: 'raster'; data: Buffer };

const require = createRequire(import.meta.url);
// The server's TypeScript libraries (ES2023 + node) do not declare the WebAssembly global.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Buffer): Promise<object> } })
  .WebAssembly;
// The package's typings omit the compiled module its init() takes as first argument.
const initWithModule = initWebp as unknown as (module: object) => Promise<void>;
let webpReady: Promise<void> | undefined;

/**
 * WebP, which pdfkit cannot draw, decoded by libwebp compiled to WebAssembly and written back as
 * a PNG. The module is compiled from the package's own file once: Node cannot fetch the file://
 * URL the codec would ask for.
 */
async function webpToPng(data: Buffer): Promise<Buffer> {
  webpReady ??= readFile(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm'))
    .then((bytes) => wasm.compile(bytes))
    .then((module) => initWithModule(module));
  await webpReady;
  const image = await decodeWebp(new Uint8Array(data).buffer);
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((byte, at) => data[at] === byte);

/**
 * The seal's image from storage, ready to draw; null when there is none (a seal made before
 * images were required) or its bytes are of no kind the seals area accepts.
 */
export async function loadSealImage(
  storage: Storage,
  key: string | null,
): Promise<DrawableImage | null> {
  if (!key) return null;
  const stream = await storage.open(key);
  if (!stream) return null;
  const data = await readAll(stream);
  // By the bytes, not the stored type: what is drawn is what the file is.
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47]) || startsWith(data, [0xff, 0xd8, 0xff]))
    return { kind: 'raster', data };
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { kind: 'raster', data: await webpToPng(data) };
  const text = data.toString('utf8');
  if (/^(\uFEFF)?\s*</.test(text) && /<svg[\s>]/i.test(text)) return { kind: 'svg', svg: text };
  return null;
}
