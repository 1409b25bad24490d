import { InstanceStatus, type InstanceSummary } from '@agroselo/contracts';

/** An instance as the list endpoints send it (snake_case), for component tests. */
export function wireInstance(overrides: Partial<InstanceSummary> = {}): InstanceSummary {
  return {
    id: '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d',
    business: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000b001',
      business_name: 'Granja Arroio Duro',
      cnpj: '29384756000163',
      municipality: 'Camaquã',
    },
    process: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000c001',
      stamp: { name: 'Arroz Sustentável RS' },
    },
    technician: { id: '0190a3c2-7b1e-7c3a-9f1e-00000000d001', name: 'Rafael Dutra Pereira' },
    rejected: false,
    initiated: true,
    finished: false,
    status: InstanceStatus.ONGOING,
    progress: { finished: 1, total: 4 },
    created_at: '2026-03-15T15:00:00.000Z',
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
    },
    process: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000c002',
      stamp: { name: 'Arroz de Qualidade Superior' },
    },
    technician: null,
    initiated: false,
    status: InstanceStatus.PENDING,
    progress: { finished: 0, total: 0 },
    ...overrides,
  });
}
