import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InstanceStatus, messages, type InstanceDetail, type User } from '@agroselo/contracts';
import { callTo, json, type mockFetch } from '../../../test/fetch-mock';
import { wireUser } from '../../../test/users';
import { renderInstanceDetail } from './render-detail';
import { NO_ACTIONS, OWNER_ID, TECHNICIAN_ID, wireDetail, wireOngoingDetail } from './test-data';

const technician = wireUser('technician', { id: TECHNICIAN_ID });
const owner = wireUser('owner', { id: OWNER_ID });

/** The server's state: a step's (PUT's) answer is what the page fetches afterwards. */
function renderDetail(
  user: User,
  detail: InstanceDetail,
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  const steps = Object.fromEntries(
    Object.entries(routes).filter(([key]) => key.startsWith('PUT ')),
  );
  return renderInstanceDetail(user, detail, routes, steps).fetchMock;
}

/** Ticks 'Li e concordo' the only way it can be: reading the terms and accepting them. */
async function acceptTerms(title: string) {
  await userEvent.click(screen.getByRole('checkbox', { name: /Li e concordo/ }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Aceito os termos' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

const formOf = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  callTo(fetchMock, key)?.init.body as FormData;

describe('InstanceDetailPage', () => {
  it("shows the property's information, location and licences with pt-BR dates", async () => {
    renderDetail(owner, wireDetail());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arroz Sustentável RS' }),
    ).toBeVisible();
    const property = within(screen.getByRole('region', { name: 'Propriedade' }));
    expect(property.getByText('Granja Arroio Duro')).toBeInTheDocument();
    expect(property.getByText('29.384.756/0001-63')).toBeInTheDocument();
    expect(property.getByText('Luciana Fagundes')).toBeInTheDocument();
    expect(property.getByText('(53) 99111-2233')).toBeInTheDocument();
    const location = within(screen.getByRole('region', { name: 'Localização' }));
    expect(location.getByText('Arroio Duro, 3º distrito')).toBeInTheDocument();
    expect(location.getByText('-30,8512')).toBeInTheDocument();
    const licences = within(screen.getByRole('region', { name: 'Licenças' }));
    expect(licences.getByText('31/12/2028')).toHaveAttribute('datetime', '2028-12-31');
    expect(licences.getByText('30/06/2020')).toBeInTheDocument();
    expect(licences.getByText('Vencida')).toBeInTheDocument();
    expect(screen.getByText('Pendente')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Aguardando a avaliação de um técnico');
  });

  it('lets a technician accept a request once the terms are accepted', async () => {
    const pending = wireDetail({
      actions: { ...NO_ACTIONS, evaluate: true, start: false, conclude: false },
    });
    const accepted = wireDetail({
      technician: { id: TECHNICIAN_ID, name: 'Maria Souza' },
      status: InstanceStatus.PRODUCER_PENDING,
    });
    const fetchMock = renderDetail(technician, pending, {
      [`PUT /api/process-instance/${pending.id}/evaluate`]: json(accepted),
    });

    const panel = within(await screen.findByRole('region', { name: 'Avaliar solicitação' }));
    const accept = panel.getByRole('button', { name: 'Aceitar solicitação' });
    const reject = panel.getByRole('button', { name: 'Rejeitar solicitação' });
    expect(accept).toBeDisabled();
    expect(reject).toBeDisabled();

    // Cancelar leaves the box empty and the buttons disabled.
    await userEvent.click(panel.getByRole('checkbox', { name: /Li e concordo/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Termos de Uso da avaliação' });
    expect(within(dialog).getByText(/passa a ser o técnico responsável/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(panel.getByRole('checkbox', { name: /Li e concordo/ })).not.toBeChecked();
    expect(accept).toBeDisabled();

    await acceptTerms('Termos de Uso da avaliação');
    expect(panel.getByRole('checkbox', { name: /Li e concordo/ })).toBeChecked();
    await userEvent.click(accept);

    expect(await screen.findByText(/Aguardando o\s+produtor iniciar o processo/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Avaliar solicitação' })).not.toBeInTheDocument();
    expect(
      formOf(fetchMock, `PUT /api/process-instance/${pending.id}/evaluate`).get('reject'),
    ).toBe('false');
  });

  it('sends reject=true when the technician rejects, and shows the rejection', async () => {
    const pending = wireDetail({
      actions: { ...NO_ACTIONS, evaluate: true, start: false, conclude: false },
    });
    const rejected = wireDetail({
      technician: { id: TECHNICIAN_ID, name: 'Maria Souza' },
      rejected: true,
      status: InstanceStatus.REJECTED,
    });
    const fetchMock = renderDetail(technician, pending, {
      [`PUT /api/process-instance/${pending.id}/evaluate`]: json(rejected),
    });
    await screen.findByRole('region', { name: 'Avaliar solicitação' });
    await acceptTerms('Termos de Uso da avaliação');
    await userEvent.click(screen.getByRole('button', { name: 'Rejeitar solicitação' }));
    expect(await screen.findByText(messages.instances.rejected)).toBeVisible();
    expect(
      formOf(fetchMock, `PUT /api/process-instance/${pending.id}/evaluate`).get('reject'),
    ).toBe('true');
    // Only the owner is offered a new request.
    expect(screen.queryByRole('link', { name: 'Solicitar novamente' })).not.toBeInTheDocument();
  });

  it('tells a technician who came too late, and shows the instance as it now is', async () => {
    const pending = wireDetail({
      actions: { ...NO_ACTIONS, evaluate: true, start: false, conclude: false },
    });
    const taken = wireDetail({
      technician: { id: 'x', name: 'Carla Menezes' },
      status: InstanceStatus.PRODUCER_PENDING,
    });
    let evaluated = false;
    renderDetail(technician, pending, {
      [`GET /api/process-instance/${pending.id}`]: () => json(evaluated ? taken : pending),
      [`PUT /api/process-instance/${pending.id}/evaluate`]: () => {
        evaluated = true;
        return json({ detail: messages.instances.alreadyEvaluated }, { status: 409 });
      },
    });
    await screen.findByRole('region', { name: 'Avaliar solicitação' });
    await acceptTerms('Termos de Uso da avaliação');
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar solicitação' }));
    expect(await screen.findByText(messages.instances.alreadyEvaluated)).toBeInTheDocument();
    expect(await screen.findByText(/Solicitação aceita por Carla Menezes/)).toBeInTheDocument();
  });

  it('lets the owner start an accepted request, then lists its forms', async () => {
    const accepted = wireDetail({
      technician: { id: TECHNICIAN_ID, name: 'Rafael Dutra Pereira' },
      status: InstanceStatus.PRODUCER_PENDING,
      actions: { ...NO_ACTIONS, evaluate: false, start: true, conclude: false },
    });
    const fetchMock = renderDetail(owner, accepted, {
      [`PUT /api/process-instance/${accepted.id}/start`]: json(wireOngoingDetail()),
    });
    const panel = within(await screen.findByRole('region', { name: 'Iniciar processo' }));
    expect(panel.getByText(/Rafael Dutra Pereira aceitou/)).toBeInTheDocument();
    const start = panel.getByRole('button', { name: 'Iniciar processo' });
    expect(start).toBeDisabled();
    await acceptTerms('Termos de Uso do início do processo');
    await userEvent.click(start);

    const forms = within(await screen.findByRole('region', { name: 'Formulários e anexos' }));
    expect(forms.getAllByRole('link')).toHaveLength(3);
    expect(callTo(fetchMock, `PUT /api/process-instance/${accepted.id}/start`)?.init.body).toBe(
      undefined,
    );
  });

  it('lists the form instances with links, deadlines, whether finished, and real progress', async () => {
    const ongoing = wireOngoingDetail();
    renderDetail(owner, ongoing);
    const forms = within(await screen.findByRole('region', { name: 'Formulários e anexos' }));
    const first = forms.getByRole('link', { name: 'Caracterização da lavoura: concluído' });
    expect(first).toHaveAttribute(
      'href',
      `/producer-details/${ongoing.id}/form-instance/${ongoing.form_instances[0]!.id}`,
    );
    expect(within(first).getByText('31/05/2026')).toBeInTheDocument();
    const second = forms.getByRole('link', { name: 'Manejo da irrigação: em preenchimento' });
    expect(within(second).getByText('Requer Assinatura')).toBeInTheDocument();
    expect(
      within(forms.getByRole('link', { name: /^Documentos/ })).getByText('Sem prazo'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso do processo' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(screen.getByText('1 de 3 formulários concluídos')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Li e concordo/ })).not.toBeInTheDocument();
  });

  it('shows the timeline with names and pt-BR dates', async () => {
    renderDetail(owner, wireOngoingDetail());
    const timeline = within(await screen.findByRole('region', { name: 'Linha do tempo' }));
    const steps = [
      'Selo solicitado por Sérgio Antunes Rodrigues',
      'Solicitação aceita por Rafael Dutra Pereira',
      'Processo iniciado por Sérgio Antunes Rodrigues',
    ];
    const texts = timeline.getAllByText(/ por /).map((node) => node.textContent);
    expect(texts).toEqual(steps);
    expect(timeline.getByText(/^16\/03\/2026 às \d{2}:\d{2}$/)).toHaveAttribute(
      'datetime',
      '2026-03-16T12:00:00.000Z',
    );
  });

  it('shows the chain of this seal on this property, oldest first, linking to each', async () => {
    const first = '0190a3c2-7b1e-7c3a-9f1e-00000000aa00';
    const current = wireDetail({
      chain: [
        { id: first, status: InstanceStatus.REJECTED, created_at: '2026-02-01T12:00:00.000Z' },
        {
          id: '0190a3c2-7b1e-7c3a-9f1e-00000000aa02',
          status: InstanceStatus.PENDING,
          created_at: '2026-03-15T15:00:00.000Z',
        },
      ],
    });
    renderDetail(owner, current);
    const chain = within(await screen.findByRole('region', { name: 'Histórico deste selo' }));
    const items = chain.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByRole('link', { name: /^1ª solicitação, 01\/02\/2026/ }),
    ).toHaveAttribute('href', `/producer-details/${first}`);
    expect(within(items[0]!).getByText('Rejeitado')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/2ª solicitação.*\(esta\)/)).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('offers the owner a new request after a rejection', async () => {
    const rejected = wireDetail({
      technician: { id: TECHNICIAN_ID, name: 'Rafael Dutra Pereira' },
      rejected: true,
      status: InstanceStatus.REJECTED,
    });
    renderDetail(owner, rejected);
    expect(await screen.findByText(messages.instances.rejected)).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Solicitar novamente' })).toHaveAttribute(
      'href',
      `/request-process/${rejected.process.id}`,
    );
  });

  it('says the process was not found when the server answers 404', async () => {
    const detail = wireDetail();
    renderDetail(owner, detail, {
      [`GET /api/process-instance/${detail.id}`]: json(
        { detail: messages.instances.notFound },
        { status: 404 },
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.instances.notFound }),
    ).toBeVisible();
  });
});
