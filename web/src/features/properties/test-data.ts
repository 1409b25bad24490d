import { InstanceStatus, type Property, type PropertyInstance } from '@agroselo/contracts';

export const PROPERTY_ID = '0190a3c2-7b1e-7c3a-9f1e-00000000b001';

export function wirePropertyInstance(overrides: Partial<PropertyInstance> = {}): PropertyInstance {
  return {
    id: '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d',
    rejected: false,
    initiated: true,
    finished: false,
    technician: { id: '0190a3c2-7b1e-7c3a-9f1e-00000000d001', name: 'Rafael Dutra Pereira' },
    status: InstanceStatus.ONGOING,
    process: {
      id: '0190a3c2-7b1e-7c3a-9f1e-00000000c001',
      stamp: { name: 'Arroz Sustentável RS' },
    },
    certificate: null,
    safra: '2026/27',
    renewal_offer: null,
    ...overrides,
  };
}

/** A property as the server sends it (snake_case), for component tests. */
export function wireProperty(overrides: Partial<Property> = {}): Property {
  return {
    id: PROPERTY_ID,
    owner: { id: '0190a3c2-7b1e-7c3a-9f1e-00000000e001', name: 'Sérgio Antunes Rodrigues' },
    business_name: 'Granja Arroio Duro',
    business_type: 'Granja',
    cnpj: '29384756000163',
    municipality: 'Camaquã',
    irga: '2104587',
    latitude: -30.8512,
    longitude: -51.7986,
    car_n: 'RS43035097A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6',
    farming_lo_number: '04512/2024-DL',
    farming_lo_validity: '2028-12-31',
    drying_and_stock_lo_number: '07839/2023-DL',
    drying_and_stock_lo_validity: '2027-06-30',
    place: 'Arroio Duro, 3º distrito',
    responsible_name: 'Sérgio Antunes Rodrigues',
    responsible_technician_name: 'Luciana Fagundes',
    responsible_technician_phone: '53991112233',
    responsible_technician_crea: '00000001234567',
    process_instances: [wirePropertyInstance()],
    created_at: '2026-03-15T15:00:00.000Z',
    updated_at: '2026-03-15T15:00:00.000Z',
    ...overrides,
  };
}
