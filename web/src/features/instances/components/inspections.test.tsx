import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@agroselo/contracts';
import { json } from '../../../../test/fetch-mock';
import { wireUser } from '../../../../test/users';
import { bodyOf, renderInstanceDetail, write } from '../render-detail';
import {
  NO_ACTIONS,
  OWNER_ID,
  TECHNICIAN_ID,
  wireInspection,
  wireOngoingDetail,
  wireReview,
} from '../test-data';
import { LOCATION_DENIED } from './inspection-dialog';

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
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
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

  it('records a visit with a typed position (decimal comma) and a photo shown before it goes', async () => {
    stubObjectUrls();
    const { dialog, fetchMock, key } = await openDialog();
    await write(dialog.getByRole('textbox', { name: 'Latitude' }), '-30,8512');
    await write(dialog.getByRole('textbox', { name: 'Longitude' }), '-51,7986');
    await write(dialog.getByRole('textbox', { name: 'Resumo' }), inspection.summary);
    const picker = screen.getByLabelText('Escolher fotos');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker).toHaveAttribute('capture', 'environment');
    const photo = new File(['png'], 'taipa.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [photo] } });
    expect(await dialog.findByRole('img', { name: 'Foto 1: taipa.png' })).toBeVisible();
    expect(dialog.getByText('Adicionar fotos (1/10)')).toBeVisible();

    await userEvent.click(dialog.getByRole('button', { name: 'Registrar vistoria' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const form = bodyOf(fetchMock, key) as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('latitude')).toBe('-30.8512');
    expect(form.get('longitude')).toBe('-51.7986');
    expect(form.get('summary')).toBe(inspection.summary);
    expect(form.get('visited_on')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((form.getAll('photos') as File[]).map((file) => file.name)).toEqual(['taipa.png']);
  });
});
