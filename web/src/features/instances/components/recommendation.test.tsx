import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, type InstanceDetail } from '@agroselo/contracts';
import { json } from '../../../../test/fetch-mock';
import { wireUser } from '../../../../test/users';
import { write } from '../../../../test/render';
import { bodyOf, renderInstanceDetail } from '../render-detail';
import {
  NO_ACTIONS,
  OWNER_ID,
  TECHNICIAN_ID,
  wireApproved,
  wireOngoingDetail,
  wireReview,
} from '../test-data';

const technician = wireUser('technician', { id: TECHNICIAN_ID });
const admin = wireUser('admin', { id: '0190a3c2-7b1e-7c3a-9f1e-00000000a0a0' });
const owner = wireUser('owner', { id: OWNER_ID });
const m = messages.review;

const recommendation = {
  outcome: 'ouro' as const,
  justification: 'Rastreabilidade completa e vistoria sem ressalvas.',
  author: { id: TECHNICIAN_ID, name: 'Rafael Dutra Pereira' },
  created_at: '2026-04-01T12:00:00.000Z',
};

/** Every form finished, a process with levels and a committee. */
function ready(actions: Partial<typeof NO_ACTIONS>, review: Parameters<typeof wireReview>[0] = {}) {
  const base = wireOngoingDetail();
  return wireOngoingDetail({
    actions: { ...NO_ACTIONS, ...actions },
    form_instances: base.form_instances.map((form) => ({ ...form, commited: true })),
    progress: { finished: 3, total: 3 },
    review: wireReview({ levels: ['prata', 'ouro'], committee: true, ...review }),
  });
}

const approvedOuro = (detail: InstanceDetail) =>
  wireApproved(detail, { note: 'Aprovado pelo comitê.', level: 'ouro' });

describe('the parecer técnico and the committee’s decision', () => {
  it('lets the assigned technician recommend, with the justification it requires', async () => {
    const detail = ready({ recommend: true });
    const key = `PUT /api/process-instance/${detail.id}/recommendation`;
    const { fetchMock, server } = renderInstanceDetail(technician, detail, {
      [key]: () => {
        server.detail = { ...detail, review: { ...detail.review, recommendation } };
        return json(server.detail);
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Parecer técnico' }));
    expect(panel.getByText(/Este processo é decidido por um comitê/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Decisão do comitê' })).not.toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Registrar parecer' }));
    expect(panel.getByText(m.outcomeRequired)).toBeVisible();
    expect(panel.getByText(m.justificationRequired)).toBeVisible();

    expect(panel.getByRole('radio', { name: 'Aprovar Prata' })).toBeVisible();
    expect(panel.getByRole('radio', { name: 'Reprovar' })).toBeVisible();
    await userEvent.click(panel.getByRole('radio', { name: 'Aprovar Ouro' }));
    await write(
      panel.getByRole('textbox', { name: 'Justificativa' }),
      recommendation.justification,
    );
    await userEvent.click(panel.getByRole('button', { name: 'Registrar parecer' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, key)).toEqual({
        outcome: 'ouro',
        justification: recommendation.justification,
      }),
    );
    expect(await panel.findByRole('button', { name: 'Substituir parecer' })).toBeVisible();
  });

  it('shows the recommendation to the producer while the committee decides, and its event', async () => {
    const base = ready({}, { recommendation });
    const message = m.eventRecommendation(
      'Rafael Dutra Pereira',
      'Aprovar Ouro',
      recommendation.justification,
    );
    renderInstanceDetail(owner, {
      ...base,
      events: [
        ...base.events,
        {
          id: '0190a3c2-7b1e-7c3a-9f1e-00000000f009',
          type: 'recommendation',
          message,
          actor: recommendation.author,
          created_at: recommendation.created_at,
        },
      ],
    });
    const timeline = within(await screen.findByRole('region', { name: 'Linha do tempo' }));
    expect(timeline.getByText(message)).toBeVisible();
    const summary = within(await screen.findByRole('region', { name: 'Parecer técnico' }));
    expect(summary.getByText('Aprovar Ouro')).toBeVisible();
    expect(summary.getByText(recommendation.justification)).toBeVisible();
    expect(summary.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the admin decide beside the recommendation, with the level, and shows Selo Ouro', async () => {
    const detail = ready({ conclude: true }, { recommendation });
    const key = `PUT /api/process-instance/${detail.id}/finish`;
    const { fetchMock, server } = renderInstanceDetail(admin, detail, {
      [key]: () => {
        server.detail = approvedOuro(detail);
        return json(server.detail);
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Decisão do comitê' }));
    expect(panel.getByText('Aprovar Ouro')).toBeVisible();
    expect(panel.getByText(recommendation.justification)).toBeVisible();
    // The recommended level is where the decision starts from.
    expect(panel.getByRole('radio', { name: 'Ouro' })).toBeChecked();
    await write(panel.getByRole('textbox', { name: 'Parecer' }), 'Aprovado pelo comitê.');
    await userEvent.click(panel.getByRole('button', { name: 'Aprovar' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Aprovar o processo?' }));
    expect(confirm.getByText(/selo Arroz Sustentável RS \(Selo Ouro\) será emitido/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Confirmar aprovação' }));
    const outcome = within(
      await screen.findByRole('region', { name: 'Processo aprovado: selo concedido' }),
    );
    expect(outcome.getByText('Selo Ouro')).toBeVisible();
    expect(bodyOf(fetchMock, key)).toEqual({
      approved: true,
      level: 'ouro',
      note: 'Aprovado pelo comitê.',
    });
  });

  it('without a committee, lets the technician conclude once a level is chosen', async () => {
    const detail = ready({ conclude: true }, { committee: false });
    const key = `PUT /api/process-instance/${detail.id}/finish`;
    const { fetchMock } = renderInstanceDetail(technician, detail, {
      [key]: json({ detail: m.levelNotOffered }, { status: 422 }),
    });
    const panel = within(await screen.findByRole('region', { name: 'Concluir processo' }));
    expect(screen.queryByRole('region', { name: 'Parecer técnico' })).not.toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Aprovar' }));
    expect(panel.getByText(m.levelRequired)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(panel.getByRole('radio', { name: 'Prata' }));
    await userEvent.click(panel.getByRole('button', { name: 'Aprovar' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Aprovar o processo?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Confirmar aprovação' }));
    expect(await confirm.findByText(m.levelNotOffered)).toBeVisible();
    expect(bodyOf(fetchMock, key)).toEqual({ approved: true, level: 'prata', note: '' });
  });

  it('keeps the conclusion closed while pendências are open or answered', async () => {
    renderInstanceDetail(
      technician,
      ready(
        { conclude: true },
        { committee: false, pendencies: { open: 1, answered: 1, resolved: 2 } },
      ),
      {
        [`GET /api/process-instance/${ready({}).id}/pendencies`]: json([]),
      },
    );
    const panel = within(await screen.findByRole('region', { name: 'Concluir processo' }));
    expect(panel.getByText(/2 pendências estão abertas ou respondidas/)).toBeVisible();
    expect(panel.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
  });
});
