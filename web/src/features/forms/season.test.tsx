import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FieldInstance, FormInstance, Role } from '@agroselo/contracts';
import { callTo, json } from '../../../test/fetch-mock';
import { lastSeasonText } from './season';
import { FORM_URL, IDS, wireForm } from './test-data';
import { renderFormPage } from './test-page';

const CONFIRM = `PUT ${FORM_URL}/confirm`;
const CARRIED = 'Resposta da safra anterior';
const CONFIRM_ALL = 'Confirmar todas as respostas da safra anterior';

/** A renewal's form: the text and the Lista still as last season's, the date changed. */
function renewalForm(carried: readonly string[] = [IDS.text, IDS.list]): FormInstance {
  const form = wireForm();
  const last: Record<string, FieldInstance['last_season']> = {
    [IDS.text]: { content: 'IRGA 424', rows: 0, proof_filename: null, changed: false },
    [IDS.bool]: { content: 'true', rows: 0, proof_filename: 'outorga-2025.pdf', changed: true },
    [IDS.date]: { content: '2024-10-03', rows: 0, proof_filename: null, changed: true },
    [IDS.list]: { content: null, rows: 3, proof_filename: null, changed: true },
  };
  return {
    ...form,
    field_instances: form.field_instances.map((field) => ({
      ...field,
      carried_over: carried.includes(field.id),
      last_season: last[field.id] ?? null,
    })),
  };
}

const renderPage = (
  role: Role,
  form: FormInstance,
  routes: Parameters<typeof renderFormPage>[1] = {},
) => renderFormPage(form, routes, role).fetchMock;

/** The block of a field, found by its input's label or a Lista's heading. */
const blockOf = async (name: string) => {
  const label = await screen.findByText(name, { selector: 'label, legend, h2' });
  return label.closest<HTMLElement>('.mantine-Paper-root')!;
};

describe('last season on a renewal', () => {
  it('reads last season as the field type shows it: Sim/Não, days, rows and the proof', () => {
    const last = { content: null, rows: 0, proofFilename: null, changed: false };
    expect(lastSeasonText('text', { ...last, content: 'IRGA 424' })).toBe(
      'Safra anterior: IRGA 424',
    );
    expect(
      lastSeasonText('bool', { ...last, content: 'true', proofFilename: 'outorga-2025.pdf' }),
    ).toBe('Safra anterior: Sim · Comprovante: outorga-2025.pdf');
    expect(lastSeasonText('date', { ...last, content: '2024-10-03' })).toBe(
      'Safra anterior: 03/10/2024',
    );
    expect(lastSeasonText('text', last)).toBe('Safra anterior: (vazio)');
    expect(lastSeasonText('form', { ...last, rows: 3 })).toBe('3 linhas na safra anterior');
    expect(lastSeasonText('form', { ...last, rows: 1 })).toBe('1 linha na safra anterior');
  });

  it("marks the producer's carried answers and confirms one, then all of them", async () => {
    const fetchMock = renderPage('owner', renewalForm(), {
      [CONFIRM]: () => json(renewalForm([IDS.list])),
    });
    const text = await blockOf('Cultivar semeada');
    expect(within(text).getByText(CARRIED)).toBeInTheDocument();
    expect(
      within(await blockOf('Aplicações de defensivos')).getByText(CARRIED),
    ).toBeInTheDocument();
    // The date was answered anew: no mark, and the producer never sees last season's values.
    expect(within(await blockOf('Data da semeadura')).queryByText(CARRIED)).toBeNull();
    expect(screen.queryByText(/Safra anterior:/)).toBeNull();
    expect(screen.getByText(/2 respostas vieram da safra anterior/)).toBeInTheDocument();

    await userEvent.click(within(text).getByRole('button', { name: 'Confirmar Cultivar semeada' }));
    await waitFor(() => expect(within(text).queryByText(CARRIED)).toBeNull());
    expect(JSON.parse(String(callTo(fetchMock, CONFIRM)?.init.body))).toEqual({
      field_ids: [IDS.text],
    });
    expect(screen.getByText(/1 resposta veio da safra anterior/)).toBeInTheDocument();
  });

  it('confirms every carried answer at once, and the button leaves with the last one', async () => {
    const fetchMock = renderPage('owner', renewalForm(), {
      [CONFIRM]: () => json(renewalForm([])),
    });
    await userEvent.click(await screen.findByRole('button', { name: CONFIRM_ALL }));
    await waitFor(() => expect(screen.queryByText(CARRIED)).toBeNull());
    expect(JSON.parse(String(callTo(fetchMock, CONFIRM)?.init.body))).toEqual({});
    expect(screen.queryByRole('button', { name: CONFIRM_ALL })).toBeNull();
  });

  it('shows the technician last season beside each field, changed or not, without confirming', async () => {
    renderPage('technician', { ...renewalForm(), actions: { edit: false, finish: false } });
    const text = await blockOf('Cultivar semeada');
    expect(within(text).getByText('Safra anterior: IRGA 424')).toBeInTheDocument();
    expect(within(text).getByText('Sem alteração')).toBeInTheDocument();
    expect(within(text).getByText(CARRIED)).toBeInTheDocument();
    expect(within(text).queryByRole('button', { name: /Confirmar/ })).toBeNull();
    const date = await blockOf('Data da semeadura');
    expect(within(date).getByText('Safra anterior: 03/10/2024')).toBeInTheDocument();
    expect(within(date).getByText('Alterada')).toBeInTheDocument();
    const list = await blockOf('Aplicações de defensivos');
    expect(within(list).getByText('3 linhas na safra anterior')).toBeInTheDocument();
    expect(within(list).getByText('Alterada')).toBeInTheDocument();
    // A field new this season has nothing to compare.
    expect(within(await blockOf('Início da irrigação')).queryByText(/Safra anterior/)).toBeNull();
    expect(screen.queryByRole('button', { name: CONFIRM_ALL })).toBeNull();
  });
});
