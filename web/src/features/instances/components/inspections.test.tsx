import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toCamelCaseKeys } from 'es-toolkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@agroselo/contracts';
import { errorFromBody } from '../../../api/api-error';
import type { startUpload } from '../../../lib/uploads';
import { json, type mockFetch } from '../../../../test/fetch-mock';
import { wireUser } from '../../../../test/users';
import { write } from '../../../../test/render';
import { bodyOf, renderInstanceDetail } from '../render-detail';
import {
  NO_ACTIONS,
  OWNER_ID,
  TECHNICIAN_ID,
  wireInspection,
  wireOngoingDetail,
  wireReview,
} from '../test-data';
import { LOCATION_DENIED } from './inspection-dialog';

type UploadOptions = Parameters<typeof startUpload>[0];

/** The photos' uploads started, each with what it was told and its ends to settle by hand. */
const uploads = vi.hoisted(() => ({
  made: [] as {
    options: UploadOptions;
    resolve: (answer: unknown) => void;
    reject: (error: unknown) => void;
    cancel: () => Promise<void>;
  }[],
}));
vi.mock('../../../lib/uploads', () => ({
  startUpload: (options: UploadOptions) => {
    const made = { options } as (typeof uploads.made)[number];
    const done = new Promise((resolve, reject) => {
      made.resolve = resolve;
      made.reject = reject;
    });
    made.cancel = async () => made.reject(new DOMException('Envio cancelado', 'AbortError'));
    uploads.made.push(made);
    return { done, cancel: () => made.cancel() };
  },
}));

const technician = wireUser('technician', { id: TECHNICIAN_ID });
const owner = wireUser('owner', { id: OWNER_ID });
const m = messages.review;

const detail = (inspect: boolean, inspections: number) =>
  wireOngoingDetail({
    actions: { ...NO_ACTIONS, inspect },
    review: wireReview({ inspections }),
  });
const inspection = wireInspection();
const list = `GET /api/process-instance/${detail(false, 1).id}/inspections`;

/** jsdom has no object URLs: each blob gets a name of its own. */
function stubObjectUrls() {
  let count = 0;
  URL.createObjectURL = vi.fn(() => `blob:foto-${++count}`);
  URL.revokeObjectURL = vi.fn();
}

describe('the vistorias of an instance', () => {
  it('lists each visit with its day, position, summary and photos, opened large', async () => {
    renderInstanceDetail(owner, detail(false, 1), {
      [list]: json([inspection]),
      [`GET ${inspection.photos[0]!.url}`]: () =>
        new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    });
    const section = within(await screen.findByRole('region', { name: 'Vistoria' }));
    expect(await section.findByText('25/03/2026')).toBeVisible();
    expect(section.getByText('Posição: -30,8512, -51,7986')).toBeVisible();
    expect(section.getByText(inspection.summary)).toBeVisible();
    expect(section.queryByRole('button', { name: 'Registrar vistoria' })).not.toBeInTheDocument();
    // Inside its button (whose name tells what it does) the thumbnail is not an image of its own.
    expect(await section.findByAltText('Foto 1 da vistoria de 25/03/2026')).toHaveAttribute(
      'src',
      `data:image/png;base64,${btoa('png')}`,
    );

    await userEvent.click(
      section.getByRole('button', { name: 'Ampliar: Foto 1 da vistoria de 25/03/2026' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Foto 1 da vistoria de 25/03/2026' }),
    );
    expect(dialog.getByRole('img', { name: 'Foto 1 da vistoria de 25/03/2026' })).toBeVisible();
  });

  it('says nothing was recorded yet, without asking the server', async () => {
    const { fetchMock } = renderInstanceDetail(owner, detail(false, 0));
    const section = within(await screen.findByRole('region', { name: 'Vistoria' }));
    expect(section.getByText('Nenhuma vistoria registrada.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/inspections'))).toBe(false);
  });

  /** The technician's page with the dialog open; the browser's location is refused. */
  async function openDialog() {
    const getCurrentPosition = vi.fn(
      (_: PositionCallback, fail: PositionErrorCallback | null | undefined) =>
        fail?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, onLine: true, geolocation: { getCurrentPosition } });
    const instance = detail(true, 0);
    const { fetchMock } = renderInstanceDetail(technician, instance, {
      [`POST /api/process-instance/${instance.id}/inspections`]: json(inspection, {
        status: 201,
      }),
    });
    const section = within(await screen.findByRole('region', { name: 'Vistoria' }));
    await userEvent.click(section.getByRole('button', { name: 'Registrar vistoria' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar vistoria' }));
    return { dialog, fetchMock, key: `POST /api/process-instance/${instance.id}/inspections` };
  }

  it('says why the location was not used, and checks the position and summary first', async () => {
    const { dialog, fetchMock, key } = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Usar minha localização' }));
    expect(dialog.getByText(LOCATION_DENIED)).toBeVisible();

    await write(dialog.getByRole('textbox', { name: 'Latitude' }), '-23,5');
    await write(dialog.getByRole('textbox', { name: 'Longitude' }), '-46,6');
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar vistoria' }));
    expect(dialog.getByText(m.outsideRs)).toBeVisible();
    expect(dialog.getByText(m.summaryRequired)).toBeVisible();
    expect(bodyOf(fetchMock, key)).toBeUndefined();
  });

  /** The dialog filled in, with two photos picked: the large one is shown with its sizes. */
  async function fillDialog() {
    stubObjectUrls();
    const opened = await openDialog();
    const { dialog } = opened;
    await write(dialog.getByRole('textbox', { name: 'Latitude' }), '-30,8512');
    await write(dialog.getByRole('textbox', { name: 'Longitude' }), '-51,7986');
    await write(dialog.getByRole('textbox', { name: 'Resumo' }), inspection.summary);
    const picker = screen.getByLabelText('Escolher fotos');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker).toHaveAttribute('capture', 'environment');
    const photos = [
      new File(['png'], 'taipa.png', { type: 'image/png' }),
      new File([new Uint8Array(1_200_000)], 'canal.png', { type: 'image/png' }),
    ];
    fireEvent.change(picker, { target: { files: photos } });
    expect(await dialog.findByRole('img', { name: 'Foto 1: taipa.png' })).toBeVisible();
    expect(dialog.getByRole('img', { name: 'Foto 2: canal.png' })).toBeVisible();
    expect(dialog.getByText('1,1 MB')).toBeVisible();
    expect(dialog.getByText('Adicionar fotos (2/10)')).toBeVisible();
    return opened;
  }

  /** How many times the vistoria was recorded. */
  const recordings = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/inspections'),
    ).length;

  const photosTarget = (instanceId: string) =>
    `/api/process-instance/${instanceId}/inspections/${inspection.id}/photos`;

  beforeEach(() => {
    uploads.made.length = 0;
  });

  it('records the visit without its photos, then sends each photo resumably with its bar', async () => {
    const { dialog, fetchMock, key } = await fillDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar vistoria' }));
    await waitFor(() => expect(uploads.made).toHaveLength(1));
    const form = bodyOf(fetchMock, key) as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('latitude')).toBe('-30.8512');
    expect(form.get('longitude')).toBe('-51.7986');
    expect(form.get('summary')).toBe(inspection.summary);
    expect(form.get('visited_on')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(form.getAll('photos')).toEqual([]);
    const instanceId = key.split('/')[3]!;
    expect(uploads.made[0]!.options).toMatchObject({
      target: photosTarget(instanceId),
      scope: inspection.id,
    });
    expect((uploads.made[0]!.options.file as File).name).toBe('taipa.png');

    act(() => uploads.made[0]!.options.onProgress?.(0.42));
    expect(dialog.getByRole('progressbar', { name: 'Enviando foto 1' })).toBeVisible();
    expect(dialog.getByText('Enviando… 42%')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Cancelar envio de foto 1' })).toBeVisible();
    await act(async () => uploads.made[0]!.resolve(inspection));
    expect(await dialog.findByText('Enviada')).toBeVisible();

    await waitFor(() => expect(uploads.made).toHaveLength(2));
    expect((uploads.made[1]!.options.file as File).name).toBe('canal.png');
    await act(async () => uploads.made[1]!.resolve(inspection));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(recordings(fetchMock)).toBe(1);
  });

  it('shows a photo once it arrives, even when the list answers without it', async () => {
    stubObjectUrls();
    const instance = detail(true, 1);
    const withoutPhotos = { ...inspection, photos: [] };
    renderInstanceDetail(technician, instance, {
      // Every read of the list misses the photo: it began before the photo's last part arrived.
      [list]: json([withoutPhotos]),
      [`POST /api/process-instance/${instance.id}/inspections`]: json(withoutPhotos, {
        status: 201,
      }),
      [`GET ${inspection.photos[0]!.url}`]: () =>
        new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    });
    const section = within(await screen.findByRole('region', { name: 'Vistoria' }));
    expect(await section.findByText(inspection.summary)).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Registrar vistoria' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar vistoria' }));
    await write(dialog.getByRole('textbox', { name: 'Latitude' }), '-30,8512');
    await write(dialog.getByRole('textbox', { name: 'Longitude' }), '-51,7986');
    await write(dialog.getByRole('textbox', { name: 'Resumo' }), inspection.summary);
    fireEvent.change(screen.getByLabelText('Escolher fotos'), {
      target: { files: [new File(['png'], 'taipa.png', { type: 'image/png' })] },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar vistoria' }));
    await waitFor(() => expect(uploads.made).toHaveLength(1));
    // As the upload client answers: the route's JSON in camelCase.
    await act(async () => uploads.made[0]!.resolve(toCamelCaseKeys(inspection)));

    expect(
      await section.findByRole('button', { name: 'Ampliar: Foto 1 da vistoria de 25/03/2026' }),
    ).toBeVisible();
  });

  it('keeps the vistoria when a photo fails or is canceled, and sends that photo again', async () => {
    const { dialog, fetchMock } = await fillDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar vistoria' }));
    await waitFor(() => expect(uploads.made).toHaveLength(1));
    await act(async () =>
      uploads.made[0]!.reject(errorFromBody(409, { detail: m.tooManyPhotos(10) })),
    );
    await waitFor(() => expect(uploads.made).toHaveLength(2));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar envio de foto 2' }));

    expect(await dialog.findByText(m.tooManyPhotos(10))).toBeVisible();
    expect(dialog.getByText(messages.uploads.canceled)).toBeVisible();
    expect(
      dialog.getByText('Vistoria registrada. Envie de novo as fotos que faltam.'),
    ).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'Resumo' })).toBeDisabled();

    await userEvent.click(dialog.getByRole('button', { name: 'Enviar de novo a foto 1' }));
    await waitFor(() => expect(uploads.made).toHaveLength(3));
    expect((uploads.made[2]!.options.file as File).name).toBe('taipa.png');
    await act(async () => uploads.made[2]!.resolve(inspection));
    expect(await dialog.findByText('Enviada')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();

    await userEvent.click(dialog.getByRole('button', { name: 'Enviar fotos' }));
    await waitFor(() => expect(uploads.made).toHaveLength(4));
    expect((uploads.made[3]!.options.file as File).name).toBe('canal.png');
    await act(async () => uploads.made[3]!.resolve(inspection));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(recordings(fetchMock)).toBe(1);
  });
});
