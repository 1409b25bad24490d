import { UPLOAD_CHUNK_BYTES } from '@agroselo/contracts';
import type { Page } from '@playwright/test';
import { bearer } from '../api-steps';
import { startedForm } from '../form-steps';
import { expect, test, widths } from '../fixtures';

/** Slow 3G as Chromium's DevTools define it, the upload a little slower still. */
const SLOW_3G = {
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};

/**
 * A camera-like photo of about 5 MB, drawn in the page: 2600 × 1950 pixels of coarse noise (which
 * JPEG cannot squeeze, so it stays large after resizing), taken sideways: its EXIF orientation 6
 * says to turn it a quarter clockwise, so the upright photo is portrait.
 */
async function sidewaysPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const [width, height] = [2600, 1950];
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(width, height);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 255;
    for (let y = 0; y < height; y += 2) {
      for (let x = 0; x < width; x += 2) {
        const color = [random(), random(), random()];
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const) {
          const i = ((y + dy) * width + x + dx) * 4;
          image.data.set([...color, 255], i);
        }
      }
    }
    context.putImageData(image, 0, 0);
    const jpeg = new Uint8Array(
      await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer(),
    );
    // An APP1 Exif segment (big-endian TIFF, one IFD entry: Orientation = 6) after the JFIF one.
    const exif = [
      0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00,
      0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ];
    const at = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
    const photo = new Uint8Array([...jpeg.subarray(0, at), ...exif, ...jpeg.subarray(at)]);
    let text = '';
    for (let i = 0; i < photo.length; i += 0x8000)
      text += String.fromCharCode(...photo.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** Width and height of a JPEG, from its start-of-frame segment. */
function jpegSize(bytes: Buffer) {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame in the JPEG');
}

// One width walks this flow; its screens are seen at the other width by the journeys around it.
for (const [size, viewport] of [['375', widths.mobile]] as const) {
  test(`a 5 MB photo proof goes resized over slow 3G, survives a cut at half and ends without starting over at ${size} px`, async ({
    page,
    request,
    signUp,
    signInWith,
    snap,
  }) => {
    test.setTimeout(240_000);
    const producer = await signUp({ verify: true });
    const tag = `${size}-up-${Date.now().toString(36)}`;
    const { names, instanceId, formId } = await startedForm(request, producer, tag);
    await page.setViewportSize(viewport);
    await signInWith(producer.token);
    const photo = await sidewaysPhoto(page);
    expect(photo.length).toBeGreaterThan(4.5 * 1024 * 1024);

    // What goes on the wire: the creation's length, and each PATCH's part (tus-js-client sends
    // UPLOAD_CHUNK_BYTES from the offset it names, the last part shorter).
    let uploadLength = 0;
    const patches: number[] = [];
    page.on('request', (sent) => {
      if (!sent.url().includes('/api/uploads')) return;
      const headers = sent.headers();
      if (sent.method() === 'POST') uploadLength = Number(headers['upload-length']);
      if (sent.method() === 'PATCH') patches.push(Number(headers['upload-offset']));
    });

    await page.goto(`/producer-details/${instanceId}`);
    await page.getByRole('link', { name: `${names.form}: em preenchimento` }).click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_3G });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `Enviar comprovante de ${names.bool}` }).click();
    await (await chooser).setFiles({ name: 'lavoura.jpg', mimeType: 'image/jpeg', buffer: photo });
    const bar = page.getByRole('progressbar', { name: `Enviando comprovante de ${names.bool}` });
    await expect(bar).toBeVisible();
    await expect(page.getByText(/^\d+(,\d)? MB → \d+(,\d)? (MB|KB)$/)).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Cancelar envio de comprovante de ${names.bool}` }),
    ).toBeVisible();

    // About half way, the link drops.
    await expect(page.getByText(/^Enviando… (4[5-9]|5\d)%$/)).toBeVisible({ timeout: 120_000 });
    // The form's sticky save bar sits at the foot of a phone's screen: the bar goes mid-screen.
    await bar.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await snap(`uploads-progress-${size}`);
    const patchesBeforeCut = patches.length;
    await cdp.send('Network.emulateNetworkConditions', { offline: true, ...SLOW_3G });
    await expect(page.getByText('Sem conexão: o envio continua quando ela voltar')).toBeVisible();
    await expect(bar).toBeVisible();
    await snap(`uploads-offline-${size}`);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_3G });
    await expect(page.getByText(/^Enviando… \d+%$/)).toBeVisible();
    await expect(bar).toBeVisible();
    const link = page.getByRole('button', {
      name: `Baixar comprovante de ${names.bool}: lavoura.jpg`,
    });
    await expect(link).toBeVisible({ timeout: 150_000 });
    await expect(bar).toBeHidden();
    await snap(`uploads-done-${size}`);

    // Resumed, not started over: the first part after the cut starts past the middle's chunk,
    // and the parts sent add up to little more than the file.
    expect(patches.length).toBeGreaterThan(patchesBeforeCut);
    expect(patches[patchesBeforeCut]).toBeGreaterThan(uploadLength * 0.3);
    const sentBytes = patches.reduce(
      (sum, offset) => sum + Math.min(UPLOAD_CHUNK_BYTES, uploadLength - offset),
      0,
    );
    expect(sentBytes).toBeLessThan(1.2 * uploadLength);
    console.log(
      `[benchmark] 5 MB photo proof: ${photo.length} bytes picked, ${uploadLength} bytes on the ` +
        `wire after resizing (${sentBytes} sent with the cut)`,
    );

    // The stored photo is upright (portrait) and within 2,048 px.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const formUrl = `/api/process-instance/${instanceId}/form/${formId}`;
    const form = (await (
      await request.get(formUrl, { headers: bearer(producer.token) })
    ).json()) as { field_instances: { id: string; field: { name: string } }[] };
    const field = form.field_instances.find((item) => item.field.name === names.bool)!;
    const stored = await request.get(`${formUrl}/field/${field.id}/proof`, {
      headers: bearer(producer.token),
    });
    expect(stored.ok()).toBe(true);
    const body = await stored.body();
    expect(body.length).toBe(uploadLength);
    expect(jpegSize(body)).toEqual({ width: 1536, height: 2048 });
  });
}
