import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OnDemandDateInput, OnDemandDateTimeInput } from './lazy-date-input';

const ignore = () => undefined;

describe('OnDemandDateInput and OnDemandDateTimeInput', () => {
  it('show a disabled date as its read-only box, also once the picker has loaded', async () => {
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
        <OnDemandDateInput label="Data da colheita" value="2027-03-20" onChange={ignore} />
      </>,
    );
    // The field that can be changed gets its picker: the code is in.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Data da colheita' })).not.toHaveAttribute(
        'readonly',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Data da colheita' })).toHaveValue('20/03/2027');
    const day = screen.getByRole('textbox', { name: 'Data da semeadura' });
    expect(day).toHaveValue('15/11/2026');
    expect(day).toBeDisabled();
    expect(day).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Hora' })).toHaveAttribute('readonly');
  });
});
