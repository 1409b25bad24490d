import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { messages } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders, write } from '../../../test/render';
import { STORED_TOKEN, storeToken, wireUser } from '../../../test/users';
import { FormFieldsPage, ProcessFieldsPage } from './field-management.page';
import { NewProcessPage } from './new-process.page';
import { SealPage } from './seal.page';
import { StampsPage } from './stamps.page';
import { FORM_ID, PROCESS_ID, wireField, wireForm, wireProcess } from './test-data';

const m = messages.seals;
const ADMIN = { 'GET /api/auth/info': json(wireUser('admin')) };
let show: MockInstance<typeof notifications.show>;

beforeEach(() => {
  show = vi.spyOn(notifications, 'show');
});
afterEach(() => {
  show.mockRestore();
});

/** What the notifications said, title and message. */
const notified = () =>
  show.mock.calls.map(([{ title, message }]) =>
    title ? `${String(title)}: ${String(message)}` : String(message),
  );

function renderAt(path: string, pattern: string, element: React.ReactElement) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route: path },
  );
}

describe('StampsPage', () => {
  it('lists processes with their badge and pt-BR dates, releases one and shows its forms', async () => {
    storeToken();
    const fetchMock = mockFetch({
      ...ADMIN,
      'GET /api/process/all': json([wireProcess()]),
      'PUT /api/process/0190a3c2-7b1e-7c3a-9f1e-000000000001/release': json(
        wireProcess({ released: true }),
      ),
      [`GET /api/process/${PROCESS_ID}/forms`]: json([wireForm()]),
    });
    renderWithProviders(<StampsPage />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Gerenciar Selos e Formulários' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Novo Processo' })).toHaveAttribute(
      'href',
      '/process/new',
    );
    const card = within(await screen.findByRole('article', { name: 'Arroz Sustentável RS' }));
    expect(card.getByText('Rascunho')).toBeInTheDocument();
    expect(
      card.getByText('Solicitações: 01/08/2026 a 31/03/2027 · Validade: 01/04/2027 a 31/03/2029'),
    ).toBeInTheDocument();

    await userEvent.click(card.getAllByRole('button', { name: 'Liberar' })[0]!);
    await waitFor(() =>
      expect(callTo(fetchMock, `PUT /api/process/${PROCESS_ID}/release`)?.init.body).toBe(
        '{"released":true}',
      ),
    );

    await userEvent.click(
      card.getByRole('button', { name: 'Mostrar formulários de Arroz Sustentável RS' }),
    );
    const form = within(await card.findByRole('listitem', { name: 'Caracterização da lavoura' }));
    expect(form.getByText('Obrigatório')).toBeInTheDocument();
    expect(form.getByText('Requer Assinatura')).toBeInTheDocument();
    expect(form.getByRole('link', { name: 'Gerenciar Campos' })).toHaveAttribute(
      'href',
      `/process/${PROCESS_ID}/form/${FORM_ID}/fields`,
    );
    expect(card.getByRole('link', { name: 'Documentos do processo' })).toHaveAttribute(
      'href',
      `/process/${PROCESS_ID}/fields`,
    );
  });

  it("creates a form in the modal, with the counter, and shows the server's refusal", async () => {
    storeToken();
    let answer = json({ detail: 'Processo não encontrado' }, { status: 404 });
    const fetchMock = mockFetch({
      ...ADMIN,
      'GET /api/process/all': json([wireProcess()]),
      [`GET /api/process/${PROCESS_ID}/forms`]: json([]),
      [`POST /api/process/${PROCESS_ID}/form/register`]: () => answer,
    });
    renderWithProviders(<StampsPage />);
    const card = within(await screen.findByRole('article', { name: 'Arroz Sustentável RS' }));
    await userEvent.click(card.getByRole('button', { name: /^Mostrar formulários/ }));
    await userEvent.click(await card.findByRole('button', { name: 'Criar formulário' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Criar Novo Formulário' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Criar Formulário' }));
    expect(await dialog.findByText(m.formNameRequired)).toBeInTheDocument();
    expect(dialog.getByText(m.deadlineRequired)).toBeInTheDocument();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Colheita');
    expect(dialog.getByText('8/300')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/Deadline/), '28/02/2027');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Obrigatório' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Criar Formulário' }));
    await waitFor(() =>
      expect(notified()).toContain(`${m.formCreateFailed}: Processo não encontrado`),
    );

    answer = json(wireForm({ name: 'Colheita' }), { status: 201 });
    await userEvent.click(dialog.getByRole('button', { name: 'Criar Formulário' }));
    await waitFor(() => expect(notified()).toContain(m.formCreated));
    expect(
      JSON.parse(
        String(callTo(fetchMock, `POST /api/process/${PROCESS_ID}/form/register`)?.init.body),
      ),
    ).toEqual({ name: 'Colheita', deadline: '2027-02-28', obligatory: true, sign: false });
  });
});

describe('ProcessCard review settings', () => {
  it("switches levels and committee on the card, telling success and the server's refusal", async () => {
    storeToken();
    let answer = json(wireProcess({ levels: ['prata', 'ouro'] }));
    let saved = false;
    const fetchMock = mockFetch({
      ...ADMIN,
      'GET /api/process/all': () =>
        json([saved ? wireProcess({ levels: ['prata', 'ouro'] }) : wireProcess()]),
      [`PUT /api/process/${PROCESS_ID}/review-settings`]: () => {
        saved = answer.status === 200;
        return answer;
      },
    });
    renderWithProviders(<StampsPage />);
    const card = within(await screen.findByRole('article', { name: 'Arroz Sustentável RS' }));
    const levels = card.getByRole('switch', { name: 'Níveis Prata e Ouro' });
    const committee = card.getByRole('switch', { name: 'Decisão por comitê' });
    expect(levels).not.toBeChecked();
    expect(committee).not.toBeChecked();

    await userEvent.click(levels);
    await waitFor(() =>
      expect(notified()).toContain('Avaliação de Arroz Sustentável RS atualizada'),
    );
    expect(
      JSON.parse(
        String(callTo(fetchMock, `PUT /api/process/${PROCESS_ID}/review-settings`)?.init.body),
      ),
    ).toEqual({ levels: ['prata', 'ouro'], committee: false });
    await waitFor(() => expect(levels).toBeChecked());

    answer = json({ detail: 'Processo não encontrado' }, { status: 404 });
    await userEvent.click(committee);
    await waitFor(() =>
      expect(notified()).toContain(
        'Erro ao alterar a avaliação do processo: Processo não encontrado',
      ),
    );
    await waitFor(() => expect(committee).not.toBeChecked());
    expect(levels).toBeChecked();
  });
});

describe('NewProcessPage', () => {
  it('requires every field, checks the dates and sends the multipart through the API client', async () => {
    storeToken();
    const fetchMock = mockFetch({
      ...ADMIN,
      'POST /api/process/register': json(wireProcess(), { status: 201 }),
    });
    renderAt('/process/new', '/process/new', <NewProcessPage />);

    await userEvent.click(screen.getByRole('button', { name: 'Criar Processo' }));
    for (const text of [
      m.noticeRequired,
      m.startDateRequired,
      m.stampNameRequired,
      m.imageRequired,
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();

    await write(screen.getByRole('textbox', { name: 'Aviso' }), 'Edital 04/2026');
    await write(screen.getByLabelText(/Data de Início/), '01/08/2026');
    await write(screen.getByRole('textbox', { name: /Data de Fim/ }), '01/07/2026');
    await write(screen.getByRole('textbox', { name: 'Descrição' }), 'Safra 2026/2027');
    await write(screen.getByRole('textbox', { name: 'Nome do Selo' }), 'Arroz do Litoral');
    await write(screen.getByLabelText(/Início da Validade/), '01/04/2027');
    await write(screen.getByLabelText(/Fim da Validade/), '31/03/2029');
    await write(screen.getByRole('textbox', { name: 'Descrição do Selo' }), 'Várzeas');
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'selo.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type=file][accept*="image"]')!;
    await userEvent.upload(input, image);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar característica' }));
    await write(screen.getByRole('textbox', { name: 'Característica 1' }), 'Várzea');
    await userEvent.click(screen.getByRole('button', { name: 'Criar Processo' }));
    expect(await screen.findByText(m.endBeforeStart)).toBeInTheDocument();
    expect(callTo(fetchMock, 'POST /api/process/register')).toBeUndefined();

    await userEvent.clear(screen.getByRole('textbox', { name: /Data de Fim/ }));
    await write(screen.getByRole('textbox', { name: /Data de Fim/ }), '31/03/2027');
    await userEvent.click(screen.getByRole('button', { name: 'Criar Processo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stamps'));
    const call = callTo(fetchMock, 'POST /api/process/register')!;
    expect(call.url).toBe('/api/process/register');
    const body = call.init.body as FormData;
    expect(body.get('end_date')).toBe('2027-03-31');
    expect(body.get('stamp_name')).toBe('Arroz do Litoral');
    expect(body.getAll('features')).toEqual(['Várzea']);
    expect((body.get('file') as File).name).toBe('selo.png');
    // Left off, the switches send no levels and no committee.
    expect(body.get('levels')).toBeNull();
    expect(body.get('committee')).toBe('false');
    expect(new Headers(call.init.headers).get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
  });

  it("sends the review switches, and tells the server's reason when the process cannot be created", async () => {
    storeToken();
    const fetchMock = mockFetch({
      ...ADMIN,
      'POST /api/process/register': json({ detail: m.imageType }, { status: 415 }),
    });
    renderAt('/process/new', '/process/new', <NewProcessPage />);
    for (const [label, value] of [
      ['Aviso', 'Edital'],
      ['Descrição', 'Safra'],
      ['Nome do Selo', 'Selo'],
      ['Descrição do Selo', 'Várzeas'],
    ] as const)
      await write(screen.getByRole('textbox', { name: label }), value);
    for (const [label, value] of [
      [/Data de Início/, '01/08/2026'],
      [/Data de Fim/, '31/03/2027'],
      [/Início da Validade/, '01/04/2027'],
      [/Fim da Validade/, '31/03/2029'],
    ] as const)
      await write(screen.getByLabelText(label), value);
    await userEvent.upload(
      document.querySelector<HTMLInputElement>('input[type=file][accept*="image"]')!,
      new File(['<html>'], 'selo.png', { type: 'image/png' }),
    );
    const levels = screen.getByRole('switch', { name: 'Níveis Prata e Ouro' });
    const committee = screen.getByRole('switch', { name: 'Decisão por comitê' });
    expect(levels).not.toBeChecked();
    expect(committee).not.toBeChecked();
    await userEvent.click(levels);
    await userEvent.click(committee);
    await userEvent.click(screen.getByRole('button', { name: 'Criar Processo' }));
    await waitFor(() => expect(notified()).toContain(`${m.processCreateFailed}: ${m.imageType}`));
    expect(screen.getByTestId('location')).toHaveTextContent('/process/new');
    const body = callTo(fetchMock, 'POST /api/process/register')!.init.body as FormData;
    expect(body.get('levels')).toBe('prata,ouro');
    expect(body.get('committee')).toBe('true');
  });
});

describe('field management', () => {
  const library = [wireField('Cultivar semeada'), wireField('Data da semeadura', { type: 'date' })];

  it('form mode: adds at once, and names a duplicate with the spec text', async () => {
    storeToken();
    let addAnswer = json(library[0], { status: 200 });
    const fetchMock = mockFetch({
      ...ADMIN,
      [`GET /api/process/${PROCESS_ID}/form/${FORM_ID}`]: json(wireForm()),
      [`GET /api/process/${PROCESS_ID}/form/${FORM_ID}/fields`]: json([]),
      'GET /api/field/': json(library),
      [`PUT /api/process/${PROCESS_ID}/form/${FORM_ID}/field/${library[0]!.id}/add`]: () =>
        addAnswer,
    });
    renderAt(
      `/process/${PROCESS_ID}/form/${FORM_ID}/fields`,
      '/process/:processId/form/:formId/fields',
      <FormFieldsPage />,
    );
    expect(
      await screen.findByText(/^Caracterização da lavoura · prazo 31\/01\/2027$/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Editar Formulário' })).toBeVisible();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Adicionar Cultivar semeada' }),
    );
    await waitFor(() => expect(notified()).toContain(m.fieldAdded));

    addAnswer = json({ detail: m.fieldAlreadyInForm }, { status: 409 });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar Cultivar semeada' }));
    await waitFor(() => expect(notified()).toContain(m.fieldAlreadyInForm));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar campos' }), 'semeadura');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/field/?search=semeadura&limit=100',
      ),
    );
  });

  it("process mode: changes only the local list until 'Concluir' saves it in order", async () => {
    storeToken();
    const saved = wireField('Licença de Operação', { proof: true });
    const fetchMock = mockFetch({
      ...ADMIN,
      [`GET /api/process/${PROCESS_ID}`]: json(wireProcess()),
      [`GET /api/process/${PROCESS_ID}/fields`]: json([saved]),
      'GET /api/field/': json([saved, ...library]),
      [`POST /api/process/${PROCESS_ID}/fields/save`]: json([library[1], saved]),
    });
    renderAt(`/process/${PROCESS_ID}/fields`, '/process/:processId/fields', <ProcessFieldsPage />);

    const added = await screen.findByRole('region', { name: 'documentos adicionados' });
    expect(within(added).getByText('Licença de Operação')).toBeInTheDocument();
    const available = screen.getByRole('region', { name: 'documentos disponíveis' });
    expect(within(available).queryByText('Licença de Operação')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Adicionar Data da semeadura' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remover Licença de Operação' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar Licença de Operação' }));
    expect(notified()).toEqual([m.documentAdded, m.documentRemoved, m.documentAdded]);
    expect(callTo(fetchMock, `POST /api/process/${PROCESS_ID}/fields/save`)).toBeUndefined();
    expect(screen.getByText(/Alterações ainda não salvas/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stamps'));
    expect(
      JSON.parse(
        String(callTo(fetchMock, `POST /api/process/${PROCESS_ID}/fields/save`)?.init.body),
      ),
    ).toEqual([library[1]!.id, saved.id]);
    expect(notified()).toContain(m.documentsSaved);
  });
});

describe('SealPage', () => {
  it('shows the seal, its periods in pt-BR, the edital and the login prompt to visitors', async () => {
    mockFetch({
      [`GET /api/process/${PROCESS_ID}`]: json(
        wireProcess({ released: true, notice_url: `/api/process/${PROCESS_ID}/notice` }),
      ),
    });
    renderAt(`/request-process/${PROCESS_ID}`, '/request-process/:processId', <SealPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arroz Sustentável RS' }),
    ).toBeVisible();
    expect(screen.getByText('Boas práticas na lavoura de arroz irrigado')).toBeVisible();
    expect(screen.getByText('01/08/2026 a 31/03/2027')).toBeVisible();
    expect(screen.getByText('01/04/2027 a 31/03/2029')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Baixar edital' })).toHaveAttribute(
      'href',
      `/api/process/${PROCESS_ID}/notice`,
    );
    expect(screen.getByText(messages.auth.loginRequired)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/request-process/${PROCESS_ID}`)}`,
    );
  });

  it('renders the request section for producers only, and no edital link without one', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/info': json(wireUser('owner')),
      [`GET /api/process/${PROCESS_ID}`]: json(wireProcess({ released: true })),
    });
    renderAt(
      `/request-process/${PROCESS_ID}`,
      '/request-process/:processId',
      <SealPage requestSection={(process) => <p>Solicitar {process.stamp.name}</p>} />,
    );
    expect(await screen.findByText('Solicitar Arroz Sustentável RS')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Baixar edital' })).toBeNull();
    expect(screen.queryByText(messages.auth.loginRequired)).toBeNull();
  });

  it('answers an unknown or hidden seal with a not-found page', async () => {
    mockFetch({
      [`GET /api/process/${PROCESS_ID}`]: json({ detail: m.processNotFound }, { status: 404 }),
    });
    renderAt(`/request-process/${PROCESS_ID}`, '/request-process/:processId', <SealPage />);
    expect(await screen.findByRole('heading', { name: 'Selo não encontrado' })).toBeVisible();
  });
});
