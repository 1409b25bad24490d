import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { messages, type FormInstance } from '@agroselo/contracts';
import type { UploadOptions } from 'tus-js-client';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { OfflineSync } from '../../components/offline/offline-sync';
import { FormInstancePage } from './form-instance.page';
import {
  FORM_URL,
  IDS,
  INSTANCE_ID,
  OPEN_PENDENCY,
  OWNER_ID,
  PAGE_URL,
  wireFinishedForm,
  wireForm,
  wireReopenedForm,
} from './test-data';

/** The tus uploads the page started, with what they were told; none sends a byte. */
const tus = vi.hoisted(() => ({ made: [] as { options: UploadOptions }[] }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    constructor(
      _file: File,
      readonly options: UploadOptions,
    ) {
      tus.made.push(this);
    }
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload() {}
  },
}));

const m = messages.forms;
const owner = wireUser('owner', { id: OWNER_ID });

function renderPage(form: FormInstance, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(owner),
    'GET /api/process-instance/pending': json([]),
    [`GET ${FORM_URL}`]: json(form),
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <Notifications />
      <OfflineSync />
      <Routes>
        <Route
          path="/producer-details/:processInstanceId/form-instance/:formInstanceId"
          element={<FormInstancePage />}
        />
      </Routes>
    </>,
    { route: PAGE_URL },
  );
  return { fetchMock, ...view };
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  JSON.parse(String(callTo(fetchMock, key)?.init.body)) as unknown;

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

describe('FormInstancePage', () => {
  it('shows the form, its overdue deadline and every field by type, the staff field locked', async () => {
    renderPage(wireForm());
    expect(await screen.findByRole('heading', { name: 'Manejo fitossanitário' })).toBeVisible();
    expect(screen.getByText(/\(vencido\)/)).toBeVisible();
    expect(screen.getByText('Requer Assinatura')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toHaveValue('IRGA 424');
    const outorga = screen.getByRole('radiogroup', { name: 'Possui outorga de uso da água' });
    expect(within(outorga).getByRole('radio', { name: 'Sim' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Data da semeadura' })).toHaveValue('01/10/2025');
    expect(screen.getByRole('group', { name: 'Início da irrigação' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Parecer da vistoria técnica/ })).toBeDisabled();
    expect(screen.getByText(/Preenchido pelo técnico responsável/)).toBeVisible();
    expect(
      screen.getByRole('button', { name: /Baixar comprovante de Possui outorga/ }),
    ).toHaveTextContent('outorga.pdf');

    const table = screen.getByRole('table', { name: 'Aplicações de defensivos' });
    expect(within(table).getByRole('columnheader', { name: 'Produto' })).toBeInTheDocument();
    expect(within(table).getByRole('textbox', { name: 'Produto, linha 1' })).toHaveValue(
      'Herbicida',
    );
    expect(within(table).getByRole('button', { name: 'Ver mais da linha 1' })).toBeInTheDocument();
  });

  it('saves only the changed fields, in one call, with the versions they were changed on', async () => {
    const { fetchMock } = renderPage(wireForm(), {
      [`PUT ${FORM_URL}/save`]: json(wireForm()),
    });
    const cultivar = await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    const save = screen.getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    await userEvent.clear(cultivar);
    await userEvent.type(cultivar, 'IRGA 431');
    const outorga = screen.getByRole('radiogroup', { name: 'Possui outorga de uso da água' });
    await userEvent.click(within(outorga).getByRole('radio', { name: 'Não' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Produto, linha 1' }), ' pré');
    expect(screen.getByText('3 alterações não salvas')).toBeVisible();
    await userEvent.click(save);
    expect(await screen.findByText(m.saved)).toBeVisible();
    expect(bodyOf(fetchMock, `PUT ${FORM_URL}/save`)).toEqual({
      fields: [
        { id: IDS.text, content: 'IRGA 431', version: 1 },
        { id: IDS.bool, content: 'false', version: 1 },
        { id: IDS.cellProduct, content: 'Herbicida pré', version: 1 },
      ],
    });
  });

  it('keeps unsaved changes in the browser and offers them back after a reload', async () => {
    const first = renderPage(wireForm());
    const cultivar = await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    await userEvent.clear(cultivar);
    await userEvent.type(cultivar, 'IRGA 424 RI');
    first.unmount();

    renderPage(wireForm());
    expect(
      await screen.findByText(/Você tem alterações não salvas de \d{2}\/\d{2}\/\d{4}/),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toHaveValue('IRGA 424');
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar' }));
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toHaveValue('IRGA 424 RI');
    expect(screen.queryByRole('button', { name: 'Restaurar' })).not.toBeInTheDocument();
    expect(screen.getByText('1 alteração não salva')).toBeVisible();
  });

  it('drops the offered draft when asked', async () => {
    const first = renderPage(wireForm());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Cultivar semeada' }), '!');
    first.unmount();
    const second = renderPage(wireForm());
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toHaveValue('IRGA 424');
    second.unmount();
    renderPage(wireForm());
    await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    expect(screen.queryByRole('button', { name: 'Restaurar' })).not.toBeInTheDocument();
  });

  it('waits while offline and saves when the connection returns', async () => {
    const { fetchMock } = renderPage(wireForm(), {
      [`PUT ${FORM_URL}/save`]: json(wireForm()),
    });
    const cultivar = await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    setOnline(false);
    expect(screen.getByText(m.offline)).toBeVisible();
    await userEvent.type(cultivar, ' RI');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(m.savePending)).toBeVisible();
    expect(callTo(fetchMock, `PUT ${FORM_URL}/save`)).toBeUndefined();

    setOnline(true);
    await waitFor(() => expect(callTo(fetchMock, `PUT ${FORM_URL}/save`)).toBeDefined());
    expect(await screen.findByText('Todas as alterações estão salvas')).toBeVisible();
  });

  it('shows both versions when another device saved the field first, and keeps the chosen one', async () => {
    let saves = 0;
    const { fetchMock } = renderPage(wireForm(), {
      [`PUT ${FORM_URL}/save`]: () => {
        saves += 1;
        return saves === 1
          ? json(
              {
                detail: m.conflict,
                conflicts: [
                  {
                    id: IDS.text,
                    content: 'IRGA 417',
                    version: 2,
                    updated_at: '2026-03-22T14:05:00.000Z',
                    updated_by: { id: OWNER_ID, name: 'Sérgio Antunes' },
                  },
                ],
              },
              { status: 409 },
            )
          : json(wireForm());
      },
    });
    const cultivar = await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    await userEvent.clear(cultivar);
    await userEvent.type(cultivar, 'IRGA 431');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    const title = await screen.findByText('Alterações em outro aparelho');
    const panel = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(panel).getByText('IRGA 431')).toBeVisible();
    expect(within(panel).getByText('IRGA 417')).toBeVisible();
    expect(within(panel).getByText(/Salva por Sérgio Antunes em 22\/03\/2026/)).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Manter a minha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saves).toBe(2));
    const second = fetchMock.mock.calls.filter(
      ([url, init]) => String(url).endsWith('/save') && init?.method === 'PUT',
    )[1]!;
    expect(JSON.parse(String(second[1]?.body))).toEqual({
      fields: [{ id: IDS.text, content: 'IRGA 431', version: 2 }],
    });
  });

  it('adds a row and deletes one after confirming', async () => {
    const { fetchMock } = renderPage(wireForm(), {
      [`POST ${FORM_URL}/field/${IDS.list}/add-row`]: json(wireForm(), { status: 201 }),
      [`DELETE ${FORM_URL}/field/${IDS.row}/delete`]: json(wireForm()),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar linha' }));
    await waitFor(() =>
      expect(callTo(fetchMock, `POST ${FORM_URL}/field/${IDS.list}/add-row`)).toBeDefined(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Excluir linha 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a linha 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir linha' }));
    await waitFor(() =>
      expect(callTo(fetchMock, `DELETE ${FORM_URL}/field/${IDS.row}/delete`)).toBeDefined(),
    );
  });

  it("opens the whole row in 'Ver mais', editable", async () => {
    renderPage(wireForm());
    await userEvent.click(await screen.findByRole('button', { name: 'Ver mais da linha 1' }));
    const dialog = await screen.findByRole('dialog', { name: /Aplicações de defensivos: linha 1/ });
    expect(within(dialog).getByRole('textbox', { name: 'Dose (L/ha)' })).toHaveValue('0,9');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Dose (L/ha)' }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluído' }));
    expect(screen.getByText('1 alteração não salva')).toBeVisible();
  });

  it('signs with the password, refusing a wrong one, then shows who finished it, all disabled', async () => {
    let attempts = 0;
    const { fetchMock } = renderPage(wireForm(), {
      [`PUT ${FORM_URL}/finish`]: () => {
        attempts += 1;
        return attempts === 1
          ? json(
              {
                detail: [
                  { loc: ['body', 'password'], msg: m.passwordWrong, type: 'wrong_password' },
                ],
              },
              { status: 422 },
            )
          : json(wireFinishedForm());
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assinar e finalizar o formulário' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar e finalizar' }));
    expect(within(dialog).getByText('Informe sua senha para assinar o formulário')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/Sua senha/), 'errada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar e finalizar' }));
    expect(await within(dialog).findByText(m.passwordWrong)).toBeVisible();
    await userEvent.clear(within(dialog).getByLabelText(/Sua senha/));
    await userEvent.type(within(dialog).getByLabelText(/Sua senha/), 'certa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar e finalizar' }));

    expect(await screen.findByText(m.finished)).toBeVisible();
    expect(bodyOf(fetchMock, `PUT ${FORM_URL}/finish`)).toEqual({ password: 'errada' });
    expect(screen.getByText(/Finalizado por Sérgio Antunes em 25\/03\/2026/)).toBeVisible();
    expect(screen.getByText(/Assinado eletronicamente por Sérgio Antunes/)).toBeVisible();
    expect(screen.getByText('b'.repeat(64))).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar linha' })).not.toBeInTheDocument();
  });

  it('lists the proofs the server says are missing', async () => {
    const form = wireForm({ form: { ...wireForm().form, sign: false } });
    form.field_instances[1] = { ...form.field_instances[1]!, proof: null };
    renderPage(form, {
      [`PUT ${FORM_URL}/finish`]: json(
        {
          detail: [
            {
              loc: ['field_instances', IDS.bool, 'proof'],
              msg: m.proofRequired('Possui outorga de uso da água'),
              type: 'proof_required',
            },
          ],
        },
        { status: 422 },
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalizar o formulário' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    const missing = await screen.findByRole('alert', { name: 'Comprovantes que faltam' });
    expect(
      within(missing).getByText(m.proofRequired('Possui outorga de uso da água')),
    ).toBeVisible();
  });

  it('answers an unknown form with a message', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/info': json(owner),
      [`GET ${FORM_URL}`]: json({ detail: m.notFound }, { status: 404 }),
    });
    renderWithProviders(
      <Routes>
        <Route
          path="/producer-details/:processInstanceId/form-instance/:formInstanceId"
          element={<FormInstancePage />}
        />
      </Routes>,
      { route: PAGE_URL },
    );
    expect(await screen.findByText(m.notFound)).toBeVisible();
  });
});

describe('FormInstancePage: a pendência on a finished form', () => {
  it('shows the pendência beside its field, late in red, and reopens that field only', async () => {
    renderPage(wireReopenedForm());
    const cultivar = await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    const note = screen
      .getByText('Pendência: Informe a cultivar como consta na nota fiscal da semente.')
      .closest<HTMLElement>('.mantine-Paper-root')!;
    expect(within(note).getByText('Aberta')).toBeVisible();
    const due = within(note).getByText(/Prazo:/);
    expect(due).toHaveTextContent('Prazo: 30/03/2026');
    expect(due).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(within(note).getByText('Atrasada')).toBeVisible();
    expect(within(note).getByRole('link', { name: /página do processo/ })).toHaveAttribute(
      'href',
      `/producer-details/${INSTANCE_ID}`,
    );
    expect(
      screen.getByText(/Só os campos com pendência aberta podem ser corrigidos/),
    ).toBeVisible();

    expect(cultivar).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Data da semeadura' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Produto, linha 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Adicionar linha' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Substituir comprovante/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
  });

  it('shows a resolved pendência as resolved, its field still locked and never late', async () => {
    renderPage(wireReopenedForm());
    await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    const note = screen
      .getByText('Pendência: Confira a data da semeadura.')
      .closest<HTMLElement>('.mantine-Paper-root')!;
    expect(within(note).getByText('Resolvida')).toBeVisible();
    expect(within(note).getByText(/Prazo:/)).toHaveTextContent('Prazo: 20/03/2026');
    expect(within(note).queryByText('Atrasada')).not.toBeInTheDocument();
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });

  it('saves the corrected field through the save route, with its version', async () => {
    const { fetchMock } = renderPage(wireReopenedForm(), {
      [`PUT ${FORM_URL}/save`]: json(wireReopenedForm()),
    });
    const cultivar = await screen.findByRole('textbox', { name: 'Cultivar semeada' });
    await userEvent.clear(cultivar);
    await userEvent.type(cultivar, 'IRGA 424 RI');
    expect(screen.getByText('1 alteração não salva')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(m.saved)).toBeVisible();
    expect(bodyOf(fetchMock, `PUT ${FORM_URL}/save`)).toEqual({
      fields: [{ id: IDS.text, content: 'IRGA 424 RI', version: 1 }],
    });
  });

  it('keeps the correction as a draft and saves it when the connection returns', async () => {
    const first = renderPage(wireReopenedForm());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Cultivar semeada' }), ' RI');
    first.unmount();

    const { fetchMock } = renderPage(wireReopenedForm(), {
      [`PUT ${FORM_URL}/save`]: json(wireReopenedForm()),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Restaurar' }));
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toHaveValue('IRGA 424 RI');
    setOnline(false);
    expect(screen.getByText(m.offline)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(m.savePending)).toBeVisible();
    expect(callTo(fetchMock, `PUT ${FORM_URL}/save`)).toBeUndefined();
    setOnline(true);
    await waitFor(() =>
      expect(bodyOf(fetchMock, `PUT ${FORM_URL}/save`)).toEqual({
        fields: [{ id: IDS.text, content: 'IRGA 424 RI', version: 1 }],
      }),
    );
  });

  it('reopens the Sim/Não field and its proof, which can be replaced', async () => {
    renderPage(wireReopenedForm((field) => (field.id === IDS.bool ? OPEN_PENDENCY : null)));
    const outorga = await screen.findByRole('radiogroup', {
      name: 'Possui outorga de uso da água',
    });
    for (const radio of within(outorga).getAllByRole('radio')) expect(radio).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toBeDisabled();
    expect(
      screen.getByRole('button', {
        name: 'Substituir comprovante de Possui outorga de uso da água',
      }),
    ).toBeEnabled();
    await userEvent.click(within(outorga).getByRole('radio', { name: 'Não' }));
    expect(screen.getByText('1 alteração não salva')).toBeVisible();
  });

  it('reopens a Lista with its rows: cells change and rows are added', async () => {
    const form = wireReopenedForm((field) => (field.id === IDS.list ? OPEN_PENDENCY : null));
    const { fetchMock } = renderPage(form, {
      [`POST ${FORM_URL}/field/${IDS.list}/add-row`]: json(form, { status: 201 }),
    });
    const table = await screen.findByRole('table', { name: 'Aplicações de defensivos' });
    expect(
      screen.getByText('Pendência: Informe a cultivar como consta na nota fiscal da semente.'),
    ).toBeVisible();
    expect(within(table).getByRole('textbox', { name: 'Produto, linha 1' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Cultivar semeada' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar linha' }));
    await waitFor(() =>
      expect(callTo(fetchMock, `POST ${FORM_URL}/field/${IDS.list}/add-row`)).toBeDefined(),
    );
  });

  it('holds Finalizar while a proof is on its way, and offers it again once it arrived', async () => {
    tus.made.length = 0;
    const { container } = renderPage(wireForm());
    const finish = await screen.findByRole('button', { name: 'Finalizar' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File([new Uint8Array(2000)], 'outorga.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(tus.made).toHaveLength(1));
    expect(finish).toHaveTextContent('Aguardando envios…');
    expect(finish).toBeDisabled();

    await act(async () =>
      tus.made[0]!.options.onSuccess?.({
        lastResponse: { getBody: () => JSON.stringify(wireForm()) },
      } as never),
    );
    await waitFor(() => expect(finish).toHaveTextContent('Finalizar'));
    expect(finish).toBeEnabled();
  });
});
