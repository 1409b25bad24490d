import {
  DEFAULT_FIELD_LOGIC,
  type CellInstance,
  type FieldInstance,
  type FormInstance,
} from '@agroselo/contracts';

export const INSTANCE_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000aa10';
export const FORM_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000f001';
export const OWNER_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000e001';
export const FORM_URL = `/api/process-instance/${INSTANCE_ID}/form/${FORM_ID}`;
export const PAGE_URL = `/producer-details/${INSTANCE_ID}/form-instance/${FORM_ID}`;

export const IDS = {
  text: '0190a3c2-7b1e-7c3a-9f1e-0000000f0001',
  bool: '0190a3c2-7b1e-7c3a-9f1e-0000000f0002',
  date: '0190a3c2-7b1e-7c3a-9f1e-0000000f0003',
  datetime: '0190a3c2-7b1e-7c3a-9f1e-0000000f0004',
  list: '0190a3c2-7b1e-7c3a-9f1e-0000000f0005',
  staff: '0190a3c2-7b1e-7c3a-9f1e-0000000f0006',
  row: '0190a3c2-7b1e-7c3a-9f1e-0000000f0100',
  cellProduct: '0190a3c2-7b1e-7c3a-9f1e-0000000f0101',
  cellDose: '0190a3c2-7b1e-7c3a-9f1e-0000000f0102',
  cellDate: '0190a3c2-7b1e-7c3a-9f1e-0000000f0103',
  cellDone: '0190a3c2-7b1e-7c3a-9f1e-0000000f0104',
} as const;

const column = (id: string, name: string, type: CellInstance['field']['type']) => ({
  id,
  name,
  type,
  producer_read_only: false,
  proof: false,
  unit: null,
  decimals: null,
});
const COLUMNS = {
  product: column('0190a3c2-7b1e-7c3a-9f1e-0000000c0001', 'Produto', 'text'),
  dose: column('0190a3c2-7b1e-7c3a-9f1e-0000000c0002', 'Dose (L/ha)', 'text'),
  date: column('0190a3c2-7b1e-7c3a-9f1e-0000000c0003', 'Data da aplicação', 'date'),
  done: column('0190a3c2-7b1e-7c3a-9f1e-0000000c0004', 'Aplicado', 'bool'),
};

function cell(
  id: string,
  field: CellInstance['field'],
  overrides: Partial<CellInstance> = {},
): CellInstance {
  return {
    id,
    content: null,
    version: 0,
    created_at: '2026-03-20T12:00:00.000Z',
    updated_at: '2026-03-20T12:00:00.000Z',
    updated_by: null,
    field,
    parent_field_instance_id: null,
    row_id: null,
    read_only: false,
    proof: null,
    ...overrides,
  };
}

const field = (
  id: string,
  name: string,
  type: CellInstance['field']['type'],
  overrides: Partial<FieldInstance> = {},
  options: {
    proof?: boolean;
    producerReadOnly?: boolean;
    columns?: CellInstance['field']['child_fields'];
  } = {},
): FieldInstance => ({
  ...cell(id, {
    id: `${id.slice(0, -4)}d${id.slice(-3)}`,
    name,
    type,
    producer_read_only: options.producerReadOnly ?? false,
    proof: options.proof ?? false,
    unit: null,
    decimals: null,
    child_fields: options.columns ?? [],
  }),
  child_field_instances: [],
  logic: DEFAULT_FIELD_LOGIC,
  pendency: null,
  editable: false,
  carried_over: false,
  last_season: null,
  ...overrides,
});

const rowCell = (id: string, col: CellInstance['field'], content: string | null) =>
  cell(id, col, {
    content,
    version: content === null ? 0 : 1,
    parent_field_instance_id: IDS.list,
    row_id: IDS.row,
  });

/** GET …/form/{formId} as the server sends it to the owner: one of every kind of field. */
export function wireForm(overrides: Partial<FormInstance> = {}): FormInstance {
  return {
    id: FORM_ID,
    process_instance_id: INSTANCE_ID,
    form: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000f0aa',
      name: 'Manejo fitossanitário',
      obligatory: true,
      deadline: '2020-03-31',
      sign: true,
    },
    commited: false,
    commited_at: null,
    commited_by: null,
    signature: null,
    actions: { edit: true, finish: true },
    rice_area_ha: 12.5,
    field_instances: [
      field(IDS.text, 'Cultivar semeada', 'text', { content: 'IRGA 424', version: 1 }),
      field(
        IDS.bool,
        'Possui outorga de uso da água',
        'bool',
        {
          content: 'true',
          version: 1,
          proof: {
            filename: 'outorga.pdf',
            mime: 'application/pdf',
            size: 183_500,
            sha256: 'a'.repeat(64),
            uploaded_at: '2026-03-21T12:00:00.000Z',
            uploaded_by: { id: OWNER_ID, name: 'Sérgio Antunes' },
            url: `${FORM_URL}/field/${IDS.bool}/proof`,
          },
        },
        { proof: true },
      ),
      field(IDS.date, 'Data da semeadura', 'date', { content: '2025-10-01', version: 1 }),
      field(IDS.datetime, 'Início da irrigação', 'datetime'),
      field(
        IDS.list,
        'Aplicações de defensivos',
        'form',
        {
          child_field_instances: [
            rowCell(IDS.cellProduct, { ...COLUMNS.product, child_fields: [] }, 'Herbicida'),
            rowCell(IDS.cellDose, { ...COLUMNS.dose, child_fields: [] }, '0,9'),
            rowCell(IDS.cellDate, { ...COLUMNS.date, child_fields: [] }, null),
            rowCell(IDS.cellDone, { ...COLUMNS.done, child_fields: [] }, null),
          ],
        },
        { columns: Object.values(COLUMNS) },
      ),
      field(
        IDS.staff,
        'Parecer da vistoria técnica',
        'text',
        { read_only: true },
        { producerReadOnly: true },
      ),
    ],
    ...overrides,
  };
}

/** The same form after the owner finished and signed it. */
export function wireFinishedForm(): FormInstance {
  const form = wireForm();
  return {
    ...form,
    commited: true,
    commited_at: '2026-03-25T13:30:00.000Z',
    commited_by: { id: OWNER_ID, name: 'Sérgio Antunes' },
    signature: {
      signed_by: { id: OWNER_ID, name: 'Sérgio Antunes' },
      signed_at: '2026-03-25T13:30:00.000Z',
      hash: 'b'.repeat(64),
    },
    actions: { edit: false, finish: false },
    field_instances: form.field_instances.map((item) => ({
      ...item,
      read_only: true,
      child_field_instances: item.child_field_instances.map((c) => ({ ...c, read_only: true })),
    })),
  };
}

/**
 * The finished form after the technician's pendências: one open on 'Cultivar semeada' and past
 * its due date (the field reopened), one resolved on 'Data da semeadura'.
 */
export function wireReopenedForm(
  reopen: (field: FieldInstance) => Partial<FieldInstance> | null = (field) =>
    field.id === IDS.text ? OPEN_PENDENCY : null,
): FormInstance {
  const form = wireFinishedForm();
  return {
    ...form,
    field_instances: form.field_instances.map((item) => {
      const changes = reopen(item);
      if (changes) return { ...item, ...changes };
      if (item.id === IDS.date) return { ...item, pendency: RESOLVED_PENDENCY };
      return item;
    }),
  };
}

export const OPEN_PENDENCY = {
  read_only: false,
  editable: true,
  pendency: {
    id: '0190a3c2-7b1e-7c3a-9f1e-00000000d001',
    description: 'Informe a cultivar como consta na nota fiscal da semente.',
    due_date: '2026-03-30',
    status: 'open',
    late: true,
  },
} satisfies Partial<FieldInstance>;

const RESOLVED_PENDENCY: FieldInstance['pendency'] = {
  id: '0190a3c2-7b1e-7c3a-9f1e-00000000d002',
  description: 'Confira a data da semeadura.',
  due_date: '2026-03-20',
  status: 'resolved',
  late: false,
};
