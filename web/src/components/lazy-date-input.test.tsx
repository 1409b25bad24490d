import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OnDemandDateInput, OnDemandDateTimeInput } from './lazy-date-input';

const pickerLoaded = vi.hoisted(() => vi.fn());
vi.mock('./date-input', async (importActual) => {
  pickerLoaded();
  return importActual();
});

const ignore = () => undefined;

describe('OnDemandDateInput and OnDemandDateTimeInput', () => {
  it("show a disabled date as its box, without loading the picker's code", async () => {
    renderWithProviders(
      <>
        <OnDemandDateInput
          label="Data da semeadura"
          value="2026-11-15"
          onChange={ignore}
          disabled
        />
        <OnDemandDateTimeInput
          label="Início da irrigação"
          value="2026-11-15T10:30:00.000Z"
          onChange={ignore}
          disabled
        />
      </>,
    );
    const day = screen.getByRole('textbox', { name: 'Data da semeadura' });
    expect(day).toHaveValue('15/11/2026');
    expect(day).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Hora' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pickerLoaded).not.toHaveBeenCalled();
  });

  it('load the picker for a date that can be changed', async () => {
    renderWithProviders(
      <OnDemandDateInput label="Data da semeadura" value="2026-11-15" onChange={ignore} />,
    );
    await waitFor(() => expect(pickerLoaded).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Data da semeadura' })).not.toHaveAttribute(
        'readonly',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Data da semeadura' })).toHaveValue('15/11/2026');
  });
});
