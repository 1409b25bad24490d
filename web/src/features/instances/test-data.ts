import {
  InstanceStatus,
  type Inspection,
  type InstanceDetail,
  type InstanceReview,
  type InstanceSummary,
  type Pendency,
  type SealLevel,
} from '@agroselo/contracts';

/** An instance as the list endpoints send it (snake_case), for component tests. */
export function wireInstance(overrides: Partial<InstanceSummary> = {}): InstanceSummary {
  return {
    id: '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d',
    business: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000b001',
      business_name: 'Granja Arroio Duro',
      cnpj: '29384756000163',
      municipality: 'Camaquã',
      responsible_technician_crea: null,
    },
    process: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000c001',
      safra: '2026/27',
      stamp: { name: 'Arroz Sustentável RS' },
    },
    technician: { id: '0190a3c2-7b1e-7c3a-9f1e-00000000d001', name: 'Rafael Dutra Pereira' },
    rejected: false,
    initiated: true,
    finished: false,
    status: InstanceStatus.ONGOING,
    progress: { finished: 1, total: 4 },
    created_at: '2026-03-15T15:00:00.000Z',
    assignee: { id: '0190a3c2-7b1e-7c3a-9f1e-00000000d001', name: 'Rafael Dutra Pereira' },
    region: 'costeira_interna',
    waiting_days: 3,
    idle_days: 1,
    late_pendencies: 0,
    ...overrides,
  };
}

export function wirePending(overrides: Partial<InstanceSummary> = {}): InstanceSummary {
  return wireInstance({
    id: '0190a3c2-7b1e-7c3a-9f1e-00000000aa01',
    business: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000b002',
      business_name: 'Fazenda Lagoa Mirim',
      cnpj: '87451236000122',
      municipality: 'Santa Vitória do Palmar',
      responsible_technician_crea: null,
    },
    process: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000c002',
      safra: '2026/27',
      stamp: { name: 'Arroz de Qualidade Superior' },
    },
    technician: null,
    assignee: null,
    region: 'zona_sul',
    initiated: false,
    status: InstanceStatus.PENDING,
    progress: { finished: 0, total: 0 },
    ...overrides,
  });
}

const DETAIL_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000aa02';

/** What nobody may do: spread it and set the one action a test needs. */
export const NO_ACTIONS: InstanceDetail['actions'] = {
  evaluate: false,
  start: false,
  conclude: false,
  review: false,
  inspect: false,
  recommend: false,
  suspend: false,
  revoke: false,
  reinstate: false,
  publish_consent: false,
};

/** The review part of the detail: no levels, no committee, nothing recorded yet. */
export function wireReview(overrides: Partial<InstanceReview> = {}): InstanceReview {
  return {
    levels: [],
    committee: false,
    level: null,
    recommendation: null,
    pendencies: { open: 0, answered: 0, resolved: 0 },
    inspections: 0,
    conflict_of_interest: false,
    ...overrides,
  };
}
export const OWNER_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000e001';
export const TECHNICIAN_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000d001';

/** GET /api/process-instance/{id} as the server sends it: a request waiting for a technician. */
export function wireDetail(overrides: Partial<InstanceDetail> = {}): InstanceDetail {
  return {
    id: DETAIL_ID,
    business: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000b001',
      owner: { id: OWNER_ID, name: 'Sérgio Antunes Rodrigues' },
      business_name: 'Granja Arroio Duro',
      business_type: 'Granja',
      cnpj: '29384756000163',
      municipality: 'Camaquã',
      place: 'Arroio Duro, 3º distrito',
      latitude: -30.8512,
      longitude: -51.7986,
      irga: '2104587',
      car_n: 'RS-4303509-7A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6',
      farming_lo_number: '04512/2024-DL',
      farming_lo_validity: '2028-12-31',
      drying_and_stock_lo_number: '07839/2023-DL',
      drying_and_stock_lo_validity: '2020-06-30',
      responsible_name: 'Sérgio Antunes Rodrigues',
      responsible_technician_name: 'Luciana Fagundes',
      responsible_technician_phone: '53991112233',
      responsible_technician_crea: '00000002345678',
    },
    process: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000c001',
      description: 'Certificação Arroz Sustentável RS — safra 2025/2026',
      safra: '2025/26',
      stamp: { name: 'Arroz Sustentável RS', image_url: null },
    },
    requested_by: { id: OWNER_ID, name: 'Sérgio Antunes Rodrigues' },
    technician: null,
    assignee: null,
    rejected: false,
    initiated: false,
    finished: false,
    status: InstanceStatus.PENDING,
    progress: { finished: 0, total: 0 },
    actions: NO_ACTIONS,
    rice_area_ha: 125.5,
    publish_consent: false,
    publish_consent_at: null,
    renewal_of: null,
    renewal_offer: null,
    review: wireReview(),
    approved: null,
    finish_note: null,
    certificate: null,
    created_at: '2026-03-15T15:00:00.000Z',
    evaluated_at: null,
    started_at: null,
    finished_at: null,
    form_instances: [],
    chain: [
      { id: DETAIL_ID, status: InstanceStatus.PENDING, created_at: '2026-03-15T15:00:00.000Z' },
    ],
    child_process_instance: null,
    events: [
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-00000000f001',
        type: 'requested',
        message: 'Selo solicitado por Sérgio Antunes Rodrigues',
        actor: { id: OWNER_ID, name: 'Sérgio Antunes Rodrigues' },
        created_at: '2026-03-15T15:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** The same instance accepted by Rafael and started: three forms, the first finished. */
export function wireOngoingDetail(overrides: Partial<InstanceDetail> = {}): InstanceDetail {
  const base = wireDetail();
  return wireDetail({
    technician: { id: TECHNICIAN_ID, name: 'Rafael Dutra Pereira' },
    initiated: true,
    status: InstanceStatus.ONGOING,
    progress: { finished: 1, total: 3 },
    evaluated_at: '2026-03-16T12:00:00.000Z',
    started_at: '2026-03-17T12:00:00.000Z',
    form_instances: [
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-0000000f0001',
        name: 'Caracterização da lavoura',
        deadline: '2026-05-31',
        obligatory: true,
        sign: false,
        commited: true,
        commited_at: '2026-03-20T12:00:00.000Z',
      },
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-0000000f0002',
        name: 'Manejo da irrigação',
        deadline: '2099-06-30',
        obligatory: true,
        sign: true,
        commited: false,
        commited_at: null,
      },
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-0000000f0003',
        name: 'Documentos',
        deadline: null,
        obligatory: true,
        sign: false,
        commited: false,
        commited_at: null,
      },
    ],
    chain: [{ ...base.chain[0]!, status: InstanceStatus.ONGOING }],
    events: [
      ...base.events,
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-00000000f002',
        type: 'accepted',
        message: 'Solicitação aceita por Rafael Dutra Pereira',
        actor: { id: TECHNICIAN_ID, name: 'Rafael Dutra Pereira' },
        created_at: '2026-03-16T12:00:00.000Z',
      },
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-00000000f003',
        type: 'started',
        message: 'Processo iniciado por Sérgio Antunes Rodrigues',
        actor: { id: OWNER_ID, name: 'Sérgio Antunes Rodrigues' },
        created_at: '2026-03-17T12:00:00.000Z',
      },
    ],
    ...overrides,
  });
}

const PENDENCY_ACTOR = { id: TECHNICIAN_ID, name: 'Rafael Dutra Pereira' };

/** A pendência as GET …/pendencies sends it: open, on a field of the finished first form. */
export function wirePendency(overrides: Partial<Pendency> = {}): Pendency {
  return {
    id: '0190a3c2-7b1e-7c3a-9f1e-0000000a0001',
    process_instance_id: DETAIL_ID,
    form_instance_id: '0190a3c2-7b1e-7c3a-9f1e-0000000f0001',
    form_name: 'Caracterização da lavoura',
    field_instance_id: '0190a3c2-7b1e-7c3a-9f1e-0000000e0001',
    field_name: 'Cultivar semeada',
    description: 'Informe a cultivar conforme a nota fiscal da semente.',
    due_date: '2099-12-10',
    status: 'open',
    late: false,
    answer: null,
    created_by: PENDENCY_ACTOR,
    created_at: '2026-03-21T12:00:00.000Z',
    events: [
      {
        id: '0190a3c2-7b1e-7c3a-9f1e-0000000a1001',
        type: 'opened',
        text: 'Informe a cultivar conforme a nota fiscal da semente.',
        actor: PENDENCY_ACTOR,
        created_at: '2026-03-21T12:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** A vistoria with one photo. */
export function wireInspection(overrides: Partial<Inspection> = {}): Inspection {
  const id = '0190a3c2-7b1e-7c3a-9f1e-0000000b0001';
  return {
    id,
    process_instance_id: DETAIL_ID,
    visited_on: '2026-03-25',
    latitude: -30.8512,
    longitude: -51.7986,
    summary: 'Lavoura nivelada, taipas em bom estado.',
    photos: [{ index: 0, content_type: 'image/png', url: `/api/inspection/${id}/photo/0` }],
    created_by: PENDENCY_ACTOR,
    created_at: '2026-03-25T18:00:00.000Z',
    ...overrides,
  };
}

/** `detail` approved with its certificate, at `level` when the process offers levels. */
export function wireApproved(
  detail: InstanceDetail,
  {
    note = 'Lavoura conforme o protocolo.',
    level = null,
  }: { note?: string; level?: SealLevel | null } = {},
): InstanceDetail {
  return {
    ...detail,
    finished: true,
    status: InstanceStatus.FINISHED,
    approved: true,
    finish_note: note,
    actions: NO_ACTIONS,
    review: { ...detail.review, level },
    certificate: {
      number: 'AGS-7K3M-9QXT',
      status: 'valid',
      valid_from: '2026-07-01',
      valid_until: '2028-06-30',
      issued_at: '2026-11-20T15:00:00.000Z',
      level,
      standing: 'valid',
      standing_reason: null,
      standing_note: null,
      standing_changed_at: null,
      safra: '2025/26',
    },
  };
}
