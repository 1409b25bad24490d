import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@agroselo/contracts';
import { renderWithProviders } from '../../../../test/render';
import type { startUpload } from '../../../lib/uploads';
import type { CellItem } from '../api';
import { ProofField } from './proof-field';

const u = messages.uploads;
type Options = Parameters<typeof startUpload>[0];

const uploads = vi.hoisted(() => ({ start: vi.fn() }));
vi.mock('../../../lib/uploads', () => ({ startUpload: uploads.start }));

/** The upload the field started: what it was told, and its ends to settle by hand. */
function controlledUpload() {
  const control = {} as {
    options: Options;
    resolve: (form: unknown) => void;
    reject: (error: unknown) => void;
    cancel: ReturnType<typeof vi.fn>;
  };
  uploads.start.mockImplementation((options: Options) => {
    control.options = options;
    const done = new Promise((resolve, reject) => {
      control.resolve = resolve;
      control.reject = reject;
    });
    control.cancel = vi.fn(async () =>
      control.reject(new DOMException('Envio cancelado', 'AbortError')),
    );
    return { done, cancel: control.cancel };
  });
  return control;
}

const field = { id: 'campo-1', proof: null } as unknown as CellItem;

async function pick(file: File) {
  const { container } = renderWithProviders(
    <ProofField
      instanceId="inst-1"
      formId="form-1"
      field={field}
      label="comprovante de Outorga"
      disabled={false}
    />,
  );
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
}

describe('ProofField', () => {
  beforeEach(() => uploads.start.mockReset());

  it('sends the file resumably to its proof route, with the bar, the percentage and the size', async () => {
    const upload = controlledUpload();
    await pick(new File([new Uint8Array(1_200_000)], 'outorga.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads.start).toHaveBeenCalled());
    expect(upload.options).toMatchObject({
      target: '/api/process-instance/inst-1/form/form-1/field/campo-1/proof',
      scope: 'form-1',
    });
    act(() => upload.options.onProgress?.(0.42));
    expect(
      screen.getByRole('progressbar', { name: 'Enviando comprovante de Outorga' }),
    ).toBeVisible();
    expect(screen.getByText('Enviando… 42%')).toBeVisible();
    expect(screen.getByText('1,1 MB')).toBeVisible();

    act(() => upload.options.onWaiting?.(true));
    expect(screen.getByText(u.waitingConnection)).toBeVisible();
    act(() => upload.options.onWaiting?.(false));
    expect(screen.getByText('Enviando… 42%')).toBeVisible();

    await act(async () => upload.resolve({}));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels on Cancelar, removing what was sent, and says so', async () => {
    const upload = controlledUpload();
    await pick(new File([new Uint8Array(500)], 'outorga.pdf', { type: 'application/pdf' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancelar envio de comprovante de Outorga' }),
    );
    expect(upload.cancel).toHaveBeenCalledOnce();
    expect(await screen.findByRole('alert')).toHaveTextContent(u.canceled);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("tells the server's refusal", async () => {
    const upload = controlledUpload();
    await pick(new File([new Uint8Array(500)], 'outorga.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads.start).toHaveBeenCalled());
    const { ApiError } = await import('../../../api');
    await act(async () => upload.reject(new ApiError(415, messages.forms.proofType)));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.forms.proofType);
  });
});
