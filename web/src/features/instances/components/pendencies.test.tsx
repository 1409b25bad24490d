import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@agroselo/contracts';
import { json } from '../../../../test/fetch-mock';
import { wireUser } from '../../../../test/users';
import { write } from '../../../../test/render';
import { bodyOf, renderInstanceDetail } from '../render-detail';
import {
  NO_ACTIONS,
  OWNER_ID,
  TECHNICIAN_ID,
  wireOngoingDetail,
  wirePendency,
  wireReview,
} from '../test-data';
// Loaded ahead, as the page loads it on first use: the test then times the dialog, not the import.
import './open-pendency-dialog';

const technician = wireUser('technician', { id: TECHNICIAN_ID });
const owner = wireUser('owner', { id: OWNER_ID });
const m = messages.review;

const detail = (actions: Partial<typeof NO_ACTIONS> = {}, conflict = false) =>
  wireOngoingDetail({
    actions: { ...NO_ACTIONS, ...actions },
    review: wireReview({
      pendencies: { open: 1, answered: 1, resolved: 0 },
      conflict_of_interest: conflict,
    }),
  });

const late = wirePendency({ due_date: '2026-03-01', late: true });
const answered = wirePendency({
  id: '0190a3c2-7b1e-7c3a-9f1e-0000000a0002',
  field_instance_id: null,
  field_name: null,
  form_name: 'Documentos',
  description: 'Falta a licença de operação atualizada.',
  status: 'answered',
  answer: 'Enviei a licença renovada em anexo.',
});
const pendencies = `GET /api/process-instance/${detail().id}/pendencies`;

describe('the pendências of an instance', () => {
  it('shows the counts and each one with where, what, until when and its state', async () => {
    renderInstanceDetail(technician, detail({ review: true }), {
      [pendencies]: json([late, answered], { headers: { 'X-Total-Count': '2' } }),
    });
    const section = within(await screen.findByRole('region', { name: 'Pendências' }));
    expect(section.getByText('Abertas: 1')).toBeVisible();
    expect(section.getByText('Respondidas: 1')).toBeVisible();
    expect(section.getByText('Resolvidas: 0')).toBeVisible();
    const first = within(
      await section.findByRole('listitem', {
        name: 'Caracterização da lavoura — Cultivar semeada',
      }),
    );
    expect(first.getByText('Aberta')).toBeVisible();
    expect(first.getByText('Atrasada')).toBeVisible();
    expect(first.getByText('01/03/2026')).toBeVisible();
    expect(first.getByText(late.description)).toBeVisible();
    expect(first.getByRole('button', { name: 'Resolver' })).toBeVisible();
    expect(first.queryByRole('button', { name: 'Reabrir' })).not.toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    const second = within(section.getByRole('listitem', { name: 'Documentos' }));
    expect(second.getByText('Respondida')).toBeVisible();
    expect(second.queryByText('Atrasada')).not.toBeInTheDocument();
    expect(second.getByText('Enviei a licença renovada em anexo.')).toBeVisible();
    expect(second.getByText('Histórico (1)')).toBeVisible();
  });

  it('lets staff resolve one and reopen another with the note it requires', async () => {
    const { fetchMock } = renderInstanceDetail(technician, detail({ review: true }), {
      [pendencies]: json([late, answered]),
      [`PUT /api/pendency/${late.id}/resolve`]: json({ ...late, status: 'resolved' }),
      [`PUT /api/pendency/${answered.id}/reopen`]: json({ ...answered, status: 'open' }),
    });
    const section = within(await screen.findByRole('region', { name: 'Pendências' }));
    const first = within(
      await section.findByRole('listitem', {
        name: 'Caracterização da lavoura — Cultivar semeada',
      }),
    );
    await userEvent.click(first.getByRole('button', { name: 'Resolver' }));
    await waitFor(() =>
      // The status it was seen in: a step made offline on one moved meanwhile comes back a 409.
      expect(bodyOf(fetchMock, `PUT /api/pendency/${late.id}/resolve`)).toEqual({
        note: '',
        expected_status: late.status,
      }),
    );

    const second = within(section.getByRole('listitem', { name: 'Documentos' }));
    await userEvent.click(second.getByRole('button', { name: 'Reabrir' }));
    await userEvent.click(second.getByRole('button', { name: 'Confirmar reabertura' }));
    expect(second.getByText(m.noteRequired)).toBeVisible();
    await write(
      second.getByRole('textbox', { name: 'Motivo da reabertura' }),
      'A licença enviada venceu.',
    );
    await userEvent.click(second.getByRole('button', { name: 'Confirmar reabertura' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, `PUT /api/pendency/${answered.id}/reopen`)).toEqual({
        note: 'A licença enviada venceu.',
        expected_status: answered.status,
      }),
    );
  });

  it('lets the owner answer an open one and go correct its field, and shows a refusal', async () => {
    const { fetchMock } = renderInstanceDetail(owner, detail(), {
      [pendencies]: json([late, answered]),
      [`PUT /api/pendency/${late.id}/answer`]: json({ detail: m.pendencyNotOpen }, { status: 409 }),
    });
    const section = within(await screen.findByRole('region', { name: 'Pendências' }));
    const first = within(
      await section.findByRole('listitem', {
        name: 'Caracterização da lavoura — Cultivar semeada',
      }),
    );
    expect(await first.findByRole('link', { name: 'Corrigir no formulário' })).toHaveAttribute(
      'href',
      `/producer-details/${detail().id}/form-instance/${late.form_instance_id}`,
    );
    // Checked once the owner's own actions show: before the session arrives, none would.
    expect(section.queryByRole('button', { name: 'Abrir pendência' })).not.toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Resolver' })).not.toBeInTheDocument();
    const second = within(section.getByRole('listitem', { name: 'Documentos' }));
    expect(second.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();

    await userEvent.click(first.getByRole('button', { name: 'Responder' }));
    await write(
      first.getByRole('textbox', { name: 'Resposta' }),
      'Corrigi a cultivar: IRGA 424 RI.',
    );
    await userEvent.click(first.getByRole('button', { name: 'Enviar resposta' }));
    expect(await first.findByText(m.pendencyNotOpen)).toBeVisible();
    expect(bodyOf(fetchMock, `PUT /api/pendency/${late.id}/answer`)).toEqual({
      answer: 'Corrigi a cultivar: IRGA 424 RI.',
      expected_status: 'open',
    });
  });

  it(
    'opens one on a field of a form chosen in the dialog',
    async () => {
      const instance = detail({ review: true });
      const form = instance.form_instances[0]!;
      const { fetchMock } = renderInstanceDetail(technician, instance, {
        [pendencies]: json([]),
        [`GET /api/process-instance/${instance.id}/form/${form.id}`]: json({
          id: form.id,
          field_instances: [
            { id: late.field_instance_id, field: { name: 'Cultivar semeada' } },
            { id: '0190a3c2-7b1e-7c3a-9f1e-0000000e0002', field: { name: 'Área plantada (ha)' } },
          ],
        }),
        [`POST /api/process-instance/${instance.id}/pendencies`]: json(late, { status: 201 }),
      });
      const section = within(await screen.findByRole('region', { name: 'Pendências' }));
      await userEvent.click(section.getByRole('button', { name: 'Abrir pendência' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Abrir pendência' }));
      await userEvent.click(dialog.getByRole('textbox', { name: 'Formulário' }));
      await userEvent.click(await screen.findByRole('option', { name: form.name }));
      await userEvent.click(dialog.getByRole('textbox', { name: 'Campo (opcional)' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Cultivar semeada' }));
      await write(dialog.getByRole('textbox', { name: 'Descrição' }), late.description);
      await write(dialog.getByRole('textbox', { name: 'Prazo' }), '10/12/2099');
      await userEvent.tab();
      await userEvent.click(dialog.getByRole('button', { name: 'Abrir pendência' }));
      await waitFor(() =>
        expect(bodyOf(fetchMock, `POST /api/process-instance/${instance.id}/pendencies`)).toEqual({
          form_instance_id: form.id,
          field_instance_id: late.field_instance_id,
          description: late.description,
          due_date: '2099-12-10',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    // Two dropdowns, a date and a lazy dialog: slow when the machine running the tests is busy.
    40_000,
  );

  it('asks for the form, the description and the due date before opening one', async () => {
    renderInstanceDetail(technician, detail({ review: true }), { [pendencies]: json([]) });
    const section = within(await screen.findByRole('region', { name: 'Pendências' }));
    await userEvent.click(section.getByRole('button', { name: 'Abrir pendência' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Abrir pendência' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Abrir pendência' }));
    expect(dialog.getByText(m.formRequired)).toBeVisible();
    expect(dialog.getByText(m.descriptionRequired)).toBeVisible();
    expect(dialog.getByText(m.dueDateRequired)).toBeVisible();
  });

  it('hides every review action from the property’s responsible technician, and says why', async () => {
    renderInstanceDetail(
      technician,
      detail({ review: true, inspect: true, conclude: true }, true),
      { [pendencies]: json([late, answered]) },
    );
    expect(await screen.findByText(m.conflictOfInterest)).toBeVisible();
    const section = within(screen.getByRole('region', { name: 'Pendências' }));
    expect(await section.findByText(late.description)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Abrir pendência' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolver' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar vistoria' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Concluir processo' })).not.toBeInTheDocument();
  });
});
