import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TermsAgreement } from './terms-agreement';

function Guarded() {
  const [accepted, setAccepted] = useState(false);
  return (
    <>
      <TermsAgreement accepted={accepted} onChange={setAccepted} title="Termos de teste">
        <p>Você concorda em compartilhar os dados da propriedade.</p>
      </TermsAgreement>
      <button type="button" disabled={!accepted}>
        Continuar
      </button>
    </>
  );
}

const box = () => screen.getByRole('checkbox', { name: /Li e concordo/ });

describe('TermsAgreement', () => {
  it('ticks only through "Aceito os termos"; Cancelar leaves it empty', async () => {
    renderWithProviders(<Guarded />);
    await userEvent.click(box());
    let dialog = await screen.findByRole('dialog', { name: 'Termos de teste' });
    expect(within(dialog).getByText(/compartilhar os dados/)).toBeInTheDocument();
    expect(box()).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();

    await userEvent.click(box());
    dialog = await screen.findByRole('dialog', { name: 'Termos de teste' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceito os termos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  });

  it('unticks at once, without reading the terms again', async () => {
    renderWithProviders(<Guarded />);
    await userEvent.click(box());
    await userEvent.click(await screen.findByRole('button', { name: 'Aceito os termos' }));
    await waitFor(() => expect(box()).toBeChecked());
    await userEvent.click(box());
    expect(box()).not.toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  });
});
