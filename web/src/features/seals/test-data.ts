import type { Field, Form, Process } from '@agroselo/contracts';

export const PROCESS_ID = '0190a3c2-7b1e-7c3a-9f1e-000000000001';
export const FORM_ID = '0190a3c2-7b1e-7c3a-9f1e-0000000000f1';

/** A process as the server sends it (snake_case). */
export function wireProcess(overrides: Partial<Process> = {}): Process {
  return {
    id: PROCESS_ID,
    description: 'Certificação Arroz Sustentável RS — safra 2026/2027',
    notice: 'Edital nº 01/2026',
    start_date: '2026-08-01',
    end_date: '2027-03-31',
    validity_start: '2027-04-01',
    validity_end: '2029-03-31',
    released: false,
    notice_url: null,
    stamp: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000000a',
      name: 'Arroz Sustentável RS',
      description: 'Boas práticas na lavoura de arroz irrigado',
      features: [{ feature: 'Uso racional da água' }],
      safra: '2026/27',
      image_url: null,
    },
    forms_count: 1,
    levels: [],
    committee: false,
    safra: '2026/27',
    previous_process_id: null,
    next_process: null,
    ...overrides,
  };
}

export function wireForm(overrides: Partial<Form> = {}): Form {
  return {
    id: FORM_ID,
    process_id: PROCESS_ID,
    name: 'Caracterização da lavoura',
    deadline: '2027-01-31',
    obligatory: true,
    sign: true,
    fields_count: 2,
    ...overrides,
  };
}

let fields = 0;
export function wireField(name: string, overrides: Partial<Field> = {}): Field {
  fields += 1;
  return {
    id: `0190a3c2-7b1e-7c3a-9f1e-${String(fields).padStart(12, '0')}`,
    name,
    type: 'text',
    producer_read_only: false,
    proof: false,
    unit: null,
    decimals: null,
    child_fields: [],
    ...overrides,
  };
}
