import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PtBrDateTimeInput } from './date-input';
import { dayjs } from '../lib/dayjs';

function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <PtBrDateTimeInput label="Início da irrigação" value={value} onChange={setValue} />
      <output aria-label="valor">{value ?? 'vazio'}</output>
    </>
  );
}

const stored = () => screen.getByRole('status', { name: 'valor' }).textContent;
const hours = () => screen.getByRole('spinbutton', { name: 'Horas' });
const minutes = () => screen.getByRole('spinbutton', { name: 'Minutos' });

describe('PtBrDateTimeInput', () => {
  it('keeps the time blank after the day is picked, so 0730 typed gives 07:30', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Data' }), '15/10/2025');
    await userEvent.tab();
    expect(dayjs(stored()).format('DD/MM/YYYY HH:mm')).toBe('15/10/2025 00:00');
    expect(hours()).toHaveValue('');
    expect(minutes()).toHaveValue('');

    await userEvent.type(hours(), '0730');
    expect(hours()).toHaveValue('07');
    expect(minutes()).toHaveValue('30');
    expect(dayjs(stored()).format('DD/MM/YYYY HH:mm')).toBe('15/10/2025 07:30');
  });

  it('shows a stored midnight as 00:00', () => {
    renderWithProviders(<Harness initial={dayjs('2025-10-15 00:00').format()} />);
    expect(hours()).toHaveValue('00');
    expect(minutes()).toHaveValue('00');
  });
});
