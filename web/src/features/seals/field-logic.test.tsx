import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_LOGIC, messages, type FormField } from '@agroselo/contracts';
import { callTo, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { storeToken, wireUser } from '../../../test/users';
import { FormFieldsPage } from './field-management.page';
import { FORM_ID, PROCESS_ID, wireField, wireForm } from './test-data';

const m = messages.logic;
const FIELDS_URL = `/api/process/${PROCESS_ID}/form/${FORM_ID}/fields`;

const inForm = (field: ReturnType<typeof wireField>): FormField => ({
  ...field,
  logic: DEFAULT_FIELD_LOGIC,
});
const uses = inForm(wireField('Aplica defensivos', { type: 'bool' }));
const product = inForm(wireField('Produto aplicado'));
const area = inForm(wireField('Área cultivada', { type: 'number', unit: 'ha', decimals: 2 }));
const logicUrl = (id: string) => `PUT /api/process/${PROCESS_ID}/form/${FORM_ID}/field/${id}/logic`;

function renderBuilder(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeToken();
  const fetchMock = mockFetch({
    'GET /api/auth/info': json(wireUser('admin')),
    [`GET /api/process/${PROCESS_ID}/form/${FORM_ID}`]: json(wireForm()),
    [`GET ${FIELDS_URL}`]: json([uses, product, area]),
    'GET /api/field/': json([]),
    ...routes,
  });
  renderWithProviders(
    <Routes>
      <Route path="/process/:processId/form/:formId/fields" element={<FormFieldsPage />} />
    </Routes>,
    { route: `/process/${PROCESS_ID}/form/${FORM_ID}/fields` },
  );
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  JSON.parse(String(callTo(fetchMock, key)?.init.body)) as unknown;

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe("'Gerenciar Campos': a field's rules", () => {
  it('refuses a condition on a later field in pt-BR, and saves one on an earlier Sim/Não', async () => {
    const fetchMock = renderBuilder({ [logicUrl(product.id)]: json(product) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Regras de Produto aplicado' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Regras de Produto aplicado' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar condição' }));
    await choose(dialog, 'Campo da condição 1', 'Área cultivada');
    await choose(dialog, 'Comparação', '>');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    expect(await within(dialog).findByText(m.conditionLater)).toBeVisible();
    expect(callTo(fetchMock, logicUrl(product.id))).toBeUndefined();

    await choose(dialog, 'Campo da condição 1', 'Aplica defensivos');
    await choose(dialog, 'Comparação', '=');
    await choose(dialog, 'Resposta', 'Sim');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Obrigatório' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    await waitFor(() => expect(callTo(fetchMock, logicUrl(product.id))).toBeDefined());
    expect(bodyOf(fetchMock, logicUrl(product.id))).toEqual({
      ...DEFAULT_FIELD_LOGIC,
      required: true,
      show_if: { join: 'and', conditions: [{ field_id: uses.id, op: 'eq', value: true }] },
    });
  });

  it("saves a number's limits typed with a comma, and shows the server's refusal", async () => {
    const fetchMock = renderBuilder({
      [logicUrl(area.id)]: json({ detail: m.fieldAnswered }, { status: 409 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Regras de Área cultivada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regras de Área cultivada' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Máximo' }), 'cinco');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    expect(await within(dialog).findByText('Informe um número, como 12,5')).toBeVisible();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Máximo' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Máximo' }), '500,5');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Mensagem quando uma regra não é cumprida' }),
      'Até 500,5 ha',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(m.fieldAnswered);
    expect(bodyOf(fetchMock, logicUrl(area.id))).toMatchObject({
      max: 500.5,
      message: 'Até 500,5 ha',
    });
  });
});
