import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InstanceStatus, messages, type InstanceDetail, type User } from '@agroselo/contracts';
import { callTo, json } from '../../../test/fetch-mock';
import { wireUser } from '../../../test/users';
import { renderInstanceDetail } from './render-detail';
import { NO_ACTIONS, OWNER_ID, TECHNICIAN_ID, wireApproved, wireOngoingDetail } from './test-data';

const m = messages.certificates;
const technician = wireUser('technician', { id: TECHNICIAN_ID });
const owner = wireUser('owner', { id: OWNER_ID });

function renderDetail(user: User, detail: InstanceDetail, finish?: () => Response) {
  const key = `PUT /api/process-instance/${detail.id}/finish`;
  const { fetchMock } = renderInstanceDetail(user, detail, {}, finish ? { [key]: finish } : {});
  return { fetchMock, key };
}

/** Started, every obligatory form finished, and this technician may conclude it. */
const ready = () => {
  const base = wireOngoingDetail();
  return wireOngoingDetail({
    actions: { ...NO_ACTIONS, evaluate: false, start: false, conclude: true },
    form_instances: base.form_instances.map((form) => ({ ...form, commited: true })),
    progress: { finished: 3, total: 3 },
  });
};

const approved = (detail: InstanceDetail) => wireApproved(detail);

describe('the conclusion of an instance', () => {
  it('cannot be given while obligatory forms are open, and says which', async () => {
    renderDetail(
      technician,
      wireOngoingDetail({
        actions: { ...NO_ACTIONS, evaluate: false, start: false, conclude: true },
      }),
    );
    const panel = within(await screen.findByRole('region', { name: 'Concluir processo' }));
    expect(
      panel.getByText(
        /Ainda há formulários obrigatórios não finalizados: Manejo da irrigação, Documentos/,
      ),
    ).toBeVisible();
    expect(panel.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    expect(panel.getByRole('button', { name: 'Reprovar' })).toBeDisabled();
  });

  it('is not offered to whoever may not conclude', async () => {
    renderDetail(owner, {
      ...ready(),
      actions: { ...NO_ACTIONS, evaluate: false, start: false, conclude: false },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Concluir processo' })).not.toBeInTheDocument();
  });

  it('approves after a confirmation, then shows the certificate to download and verify', async () => {
    const detail = ready();
    const { fetchMock, key } = renderDetail(technician, detail, () => json(approved(detail)));
    const panel = within(await screen.findByRole('region', { name: 'Concluir processo' }));
    await userEvent.type(
      panel.getByRole('textbox', { name: 'Parecer' }),
      'Lavoura conforme o protocolo.',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Aprovar' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Aprovar o processo?' }));
    expect(
      dialog.getByText(/o certificado do selo Arroz Sustentável RS será emitido/),
    ).toBeVisible();
    // Cancelar sends nothing.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callTo(fetchMock, key)).toBeUndefined();

    await userEvent.click(panel.getByRole('button', { name: 'Aprovar' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Aprovar o processo?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Confirmar aprovação' }));

    const outcome = within(
      await screen.findByRole('region', { name: 'Processo aprovado: selo concedido' }),
    );
    expect(JSON.parse(String(callTo(fetchMock, key)!.init.body))).toEqual({
      approved: true,
      note: 'Lavoura conforme o protocolo.',
    });
    expect(outcome.getByText('AGS-7K3M-9QXT')).toBeVisible();
    expect(outcome.getByText('01/07/2026 a 30/06/2028')).toBeVisible();
    expect(outcome.getByText('Válido')).toBeVisible();
    expect(outcome.getByText('Lavoura conforme o protocolo.')).toBeVisible();
    expect(outcome.getByRole('link', { name: 'Baixar certificado (PDF)' })).toHaveAttribute(
      'href',
      '/api/certificate/AGS-7K3M-9QXT/pdf',
    );
    expect(outcome.getByRole('link', { name: 'Página de verificação' })).toHaveAttribute(
      'href',
      '/verificar/AGS-7K3M-9QXT',
    );
    expect(await screen.findByText(m.approvedNotice)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Concluir processo' })).not.toBeInTheDocument();
  });

  it('asks for the reason before failing, and shows it to the producer afterwards', async () => {
    const detail = ready();
    const failed: InstanceDetail = {
      ...detail,
      finished: true,
      status: InstanceStatus.FINISHED,
      approved: false,
      finish_note: 'Faltou o laudo de classificação.',
      actions: { ...NO_ACTIONS, evaluate: false, start: false, conclude: false },
    };
    const { fetchMock, key } = renderDetail(technician, detail, () => json(failed));
    const panel = within(await screen.findByRole('region', { name: 'Concluir processo' }));
    await userEvent.click(panel.getByRole('button', { name: 'Reprovar' }));
    expect(panel.getByText(m.noteRequired)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.type(
      panel.getByRole('textbox', { name: 'Parecer' }),
      'Faltou o laudo de classificação.',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Reprovar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reprovar o processo?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar reprovação' }));

    const outcome = within(await screen.findByRole('region', { name: 'Resultado do processo' }));
    expect(outcome.getByText('Processo reprovado')).toBeVisible();
    expect(outcome.getByText('Faltou o laudo de classificação.')).toBeVisible();
    expect(JSON.parse(String(callTo(fetchMock, key)!.init.body))).toEqual({
      approved: false,
      note: 'Faltou o laudo de classificação.',
    });
  });

  it('tells why when the server refuses, and keeps the decision open', async () => {
    const detail = ready();
    renderDetail(technician, detail, () =>
      json({ detail: m.validityEnded('30/06/2026') }, { status: 409 }),
    );
    const panel = within(await screen.findByRole('region', { name: 'Concluir processo' }));
    await userEvent.click(panel.getByRole('button', { name: 'Aprovar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aprovar o processo?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar aprovação' }));
    expect(await screen.findByText(m.validityEnded('30/06/2026'))).toBeVisible();
  });

  it('offers the owner the certificate of an approved instance', async () => {
    renderDetail(owner, approved(ready()));
    const outcome = within(
      await screen.findByRole('region', { name: 'Processo aprovado: selo concedido' }),
    );
    expect(outcome.getByRole('link', { name: 'Baixar certificado (PDF)' })).toBeVisible();
  });
});
