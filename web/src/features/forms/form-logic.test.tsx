import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIELD_LOGIC,
  messages,
  type FieldInstance,
  type FieldLogic,
  type FormInstance,
} from '@agroselo/contracts';
import { callTo, json } from '../../../test/fetch-mock';
import { write } from '../../../test/render';
import { FORM_URL, IDS, wireForm } from './test-data';
import { renderFormPage } from './test-page';

const m = messages.logic;
const AREA_MESSAGE = 'A área cultivada não pode passar de 500 ha';

/**
 * The test form with issue 45's rules: after the water grant, 'Cultivar semeada' becomes 'Área
 * cultivada', a number in ha up to 500; it, the sowing day and the irrigation only show for 'Sim'
 * on the grant; the Lista sums its dose (L/ha), at most 1.
 */
function logicForm(): FormInstance {
  const form = wireForm();
  const grant = form.field_instances.find((field) => field.id === IDS.bool)!.field.id;
  const onlyIfGranted: Partial<FieldLogic> = {
    show_if: { join: 'and', conditions: [{ field_id: grant, op: 'eq', value: true }] },
  };
  const logic: Record<string, Partial<FieldLogic>> = {
    [IDS.text]: { ...onlyIfGranted, required: true, max: 500, message: AREA_MESSAGE },
    [IDS.date]: onlyIfGranted,
    [IDS.datetime]: { ...onlyIfGranted, required: true },
  };
  const rules = (field: FieldInstance): FieldLogic => ({
    ...DEFAULT_FIELD_LOGIC,
    ...logic[field.id],
  });
  const [text, grantField, ...rest] = form.field_instances;
  return {
    ...form,
    field_instances: [grantField!, text!, ...rest].map((field) => {
      if (field.id === IDS.text)
        return {
          ...field,
          content: '182.5',
          field: {
            ...field.field,
            name: 'Área cultivada',
            type: 'number',
            unit: 'ha',
            decimals: 2,
          },
          logic: rules(field),
        };
      if (field.id !== IDS.list) return { ...field, logic: rules(field) };
      const dose = field.field.child_fields[1]!;
      const asNumber = {
        ...dose,
        name: 'Dose',
        type: 'number' as const,
        unit: 'L/ha',
        decimals: 2,
      };
      return {
        ...field,
        field: {
          ...field.field,
          child_fields: field.field.child_fields.map((column) =>
            column.id === dose.id ? asNumber : column,
          ),
        },
        child_field_instances: field.child_field_instances.map((cell) =>
          cell.field.id === dose.id
            ? { ...cell, content: '0.9', field: { ...asNumber, child_fields: [] } }
            : cell,
        ),
        logic: {
          ...DEFAULT_FIELD_LOGIC,
          total: { field_id: dose.id, max: 1, max_rice_area: false, message: null },
        },
      };
    }),
  };
}

const renderPage = (form: FormInstance, routes: Parameters<typeof renderFormPage>[1] = {}) =>
  renderFormPage(form, routes).fetchMock;

describe('the form page with conditions and rules', () => {
  it("shows what applies to 'Sim' only while the answer is 'Sim'", async () => {
    renderPage(logicForm());
    const grant = await screen.findByRole('radiogroup', { name: 'Possui outorga de uso da água' });
    expect(screen.getByRole('textbox', { name: 'Data da semeadura' })).toBeVisible();
    await userEvent.click(within(grant).getByRole('radio', { name: 'Não' }));
    expect(screen.queryByRole('textbox', { name: 'Data da semeadura' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Início da irrigação' })).toBeNull();
    await userEvent.click(within(grant).getByRole('radio', { name: 'Sim' }));
    expect(screen.getByRole('textbox', { name: 'Data da semeadura' })).toHaveValue('01/10/2025');
    expect(screen.getByRole('group', { name: /Início da irrigação/ })).toBeVisible();
  });

  it('takes a number with a decimal comma and its unit, and checks it on leaving the field', async () => {
    const fetchMock = renderPage(logicForm(), { [`PUT ${FORM_URL}/save`]: json(logicForm()) });
    const area = await screen.findByRole('textbox', { name: 'Área cultivada (ha)' });
    expect(area).toHaveValue('182,5');
    await userEvent.clear(area);
    // Typed key by key: the field keeps digits and one decimal comma as they come.
    await userEvent.type(area, '1O5.0');
    expect(area).toHaveValue('15,0');
    await userEvent.clear(area);
    await write(area, '600');
    await userEvent.tab();
    expect(await screen.findByText(AREA_MESSAGE)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.forms.invalidFields)).toBeVisible();
    expect(callTo(fetchMock, `PUT ${FORM_URL}/save`)).toBeUndefined();

    await userEvent.clear(area);
    await write(area, '210,25');
    await userEvent.tab();
    expect(screen.queryByText(AREA_MESSAGE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.forms.saved)).toBeVisible();
    expect(JSON.parse(String(callTo(fetchMock, `PUT ${FORM_URL}/save`)?.init.body))).toEqual({
      fields: [{ id: IDS.text, content: '210.25', version: 1 }],
    });
  });

  it('saves nothing of what an answer hid meanwhile', async () => {
    const fetchMock = renderPage(logicForm(), { [`PUT ${FORM_URL}/save`]: json(logicForm()) });
    const area = await screen.findByRole('textbox', { name: 'Área cultivada (ha)' });
    await userEvent.clear(area);
    await write(area, '300');
    const grant = screen.getByRole('radiogroup', { name: 'Possui outorga de uso da água' });
    await userEvent.click(within(grant).getByRole('radio', { name: 'Não' }));
    expect(screen.queryByRole('textbox', { name: 'Área cultivada (ha)' })).toBeNull();
    expect(screen.getByText('1 alteração não salva')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.forms.saved)).toBeVisible();
    expect(JSON.parse(String(callTo(fetchMock, `PUT ${FORM_URL}/save`)?.init.body))).toEqual({
      fields: [{ id: IDS.bool, content: 'false', version: 1 }],
    });
  });

  it("sums the Lista's column under its rows, and says when the sum passes its limit", async () => {
    renderPage(logicForm());
    expect(await screen.findByText('Total de Dose: 0,9 L/ha')).toBeVisible();
    const dose = screen.getByRole('textbox', { name: 'Dose, linha 1 (L/ha)' });
    await userEvent.clear(dose);
    await write(dose, '1,5');
    expect(screen.getByText('Total de Dose: 1,5 L/ha')).toBeVisible();
    await userEvent.tab();
    expect(await screen.findByText(m.total('Dose', '1,5 L/ha', '1 L/ha'))).toBeVisible();
  });

  it('asks on finishing for what is required and applies, before the password', async () => {
    renderPage(logicForm());
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByText(m.required)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
