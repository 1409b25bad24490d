import type { PropertyStaffRegisterFormInput } from '@agroselo/contracts';
import { formatCnpj, formatCrea, formatPhone } from '../../lib/masks';
import type { PropertyItem } from './api';

/** The form's values: every field of the staff registration (the others leave owner_email out). */
export type PropertyFormValues = PropertyStaffRegisterFormInput;
export type PropertyFieldName = keyof PropertyFormValues;

/** The pt-BR label of every field (spec §3), also naming the fields of a 422 answer. */
export const PROPERTY_FIELD_LABELS: Record<PropertyFieldName, string> = {
  owner_email: 'E-mail do produtor',
  business_name: 'Nome da propriedade',
  business_type: 'Denominação',
  cnpj: 'CNPJ',
  irga: 'Inscrição no IRGA',
  municipality: 'Município',
  place: 'Localidade',
  latitude: 'Latitude',
  longitude: 'Longitude',
  car_n: 'Número do CAR',
  farming_lo_number: 'Número da LO da lavoura',
  farming_lo_validity: 'Validade da LO da lavoura',
  drying_and_stock_lo_number: 'Número da LO da unidade de armazenamento',
  drying_and_stock_lo_validity: 'Validade da LO da unidade de armazenamento',
  responsible_name: 'Nome do responsável',
  responsible_technician_name: 'Nome do técnico responsável',
  responsible_technician_phone: 'Telefone do técnico responsável',
  responsible_technician_crea: 'CREA do técnico responsável',
};

export const PROPERTY_FIELDS = Object.keys(PROPERTY_FIELD_LABELS) as PropertyFieldName[];

export const EMPTY_PROPERTY_FORM: PropertyFormValues = {
  owner_email: '',
  business_name: '',
  business_type: '',
  cnpj: '',
  irga: '',
  municipality: '',
  place: '',
  latitude: '',
  longitude: '',
  car_n: '',
  farming_lo_number: '',
  farming_lo_validity: null,
  drying_and_stock_lo_number: '',
  drying_and_stock_lo_validity: null,
  responsible_name: '',
  responsible_technician_name: '',
  responsible_technician_phone: '',
  responsible_technician_crea: '',
};

/** A property as the edit form shows it: masks applied, coordinates with a comma. */
export function toFormValues(property: PropertyItem): PropertyFormValues {
  return {
    owner_email: '',
    business_name: property.businessName,
    business_type: property.businessType,
    cnpj: formatCnpj(property.cnpj),
    irga: property.irga,
    municipality: property.municipality,
    place: property.place,
    latitude: String(property.latitude).replace('.', ','),
    longitude: String(property.longitude).replace('.', ','),
    car_n: property.carN,
    farming_lo_number: property.farmingLoNumber,
    farming_lo_validity: property.farmingLoValidity,
    drying_and_stock_lo_number: property.dryingAndStockLoNumber,
    drying_and_stock_lo_validity: property.dryingAndStockLoValidity,
    responsible_name: property.responsibleName,
    responsible_technician_name: property.responsibleTechnicianName ?? '',
    responsible_technician_phone: property.responsibleTechnicianPhone
      ? formatPhone(property.responsibleTechnicianPhone)
      : '',
    responsible_technician_crea: property.responsibleTechnicianCrea
      ? formatCrea(property.responsibleTechnicianCrea)
      : '',
  };
}
