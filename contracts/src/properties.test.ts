import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  PropertyBodySchema,
  PropertyRegisterBodySchema,
  PropertyStaffRegisterFormSchema,
  type PropertyFormInput,
} from './properties';

const m = messages.properties;

const validProperty: PropertyFormInput = {
  business_name: 'Granja Santa Clara',
  business_type: 'Granja',
  cnpj: '11.222.333/0001-81',
  municipality: 'Camaquã',
  irga: '2104587',
  latitude: '-30,8512',
  longitude: -51.7986,
  car_n: 'RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6',
  farming_lo_number: '04512/2024-DL',
  farming_lo_validity: '2028-12-31',
  drying_and_stock_lo_number: '07839/2023-DL',
  drying_and_stock_lo_validity: '2027-06-30T10:00:00.000Z',
  place: 'Arroio Duro',
  responsible_name: 'Sérgio Rodrigues',
  responsible_technician_name: '',
  responsible_technician_phone: '',
  responsible_technician_crea: '',
};

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('PropertyBodySchema', () => {
  it('normalizes what it accepts: CNPJ, coordinates, dates, CAR and empty optionals', () => {
    expect(PropertyBodySchema.parse(validProperty)).toEqual({
      ...validProperty,
      cnpj: '11222333000181',
      latitude: -30.8512,
      drying_and_stock_lo_validity: '2027-06-30',
      responsible_technician_name: null,
      responsible_technician_phone: null,
      responsible_technician_crea: null,
    });
  });

  it('answers an empty form with exactly one "required" message per required field', () => {
    const empty = Object.fromEntries(Object.keys(validProperty).map((key) => [key, '']));
    const result = PropertyBodySchema.safeParse({
      ...empty,
      farming_lo_validity: null,
      drying_and_stock_lo_validity: null,
    });
    expect(messagesOf(result)).toEqual([
      ['business_name', m.businessNameRequired],
      ['business_type', m.businessTypeRequired],
      ['cnpj', m.cnpjRequired],
      ['municipality', m.municipalityRequired],
      ['irga', m.irgaRequired],
      ['latitude', m.latitudeRequired],
      ['longitude', m.longitudeRequired],
      ['car_n', m.carRequired],
      ['farming_lo_number', m.farmingLoNumberRequired],
      ['farming_lo_validity', m.farmingLoValidityRequired],
      ['drying_and_stock_lo_number', m.dryingLoNumberRequired],
      ['drying_and_stock_lo_validity', m.dryingLoValidityRequired],
      ['place', m.placeRequired],
      ['responsible_name', m.responsibleNameRequired],
    ]);
  });

  it('answers missing keys with the same messages as empty ones', () => {
    const result = PropertyBodySchema.safeParse({});
    expect(messagesOf(result)).toHaveLength(14);
    expect(messagesOf(result)).toContainEqual(['latitude', m.latitudeRequired]);
    expect(messagesOf(result)).toContainEqual(['farming_lo_validity', m.farmingLoValidityRequired]);
  });

  it.each([
    ['business_name', '   ', m.businessNameInvalid],
    ['business_type', ' ', m.businessTypeInvalid],
    ['responsible_name', '  ', m.responsibleNameInvalid],
    ['responsible_technician_name', '  ', m.technicianNameInvalid],
    ['cnpj', '11.222.333/0001-82', m.cnpjInvalid],
    ['cnpj', '12ABC34501DE36', m.cnpjInvalid],
    ['car_n', 'RS-4303509-7A1C', m.carTooShort],
    ['car_n', 'RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0*', m.carInvalid],
    ['latitude', '-90.5', m.latitudeInvalid],
    ['latitude', 'norte', m.latitudeInvalid],
    ['longitude', 181, m.longitudeInvalid],
    ['farming_lo_validity', '2028-02-30', m.dateInvalid],
    ['responsible_technician_phone', '(53) 9111-2233', m.technicianPhoneInvalid],
    ['responsible_technician_phone', 'telefone 53991112233', m.technicianPhoneInvalid],
    ['responsible_technician_crea', '123456789', m.technicianCreaInvalid],
  ])('refuses %s = %j with its message', (field, value, message) => {
    const result = PropertyBodySchema.safeParse({ ...validProperty, [field]: value });
    expect(messagesOf(result)).toEqual([[field, message]]);
  });

  it('accepts an alphanumeric CNPJ and the boundaries of the coordinates', () => {
    const parsed = PropertyBodySchema.parse({
      ...validProperty,
      cnpj: '12.abc.345/01de-35',
      latitude: '90',
      longitude: '-180.0',
    });
    expect(parsed).toMatchObject({ cnpj: '12ABC34501DE35', latitude: 90, longitude: -180 });
  });

  it('keeps a CAR that is not in the official shape as typed, upper case', () => {
    const car = 'rs 4303509 abcdefghijklmnopqrstuvwxyz';
    expect(PropertyBodySchema.parse({ ...validProperty, car_n: car }).car_n).toBe(
      'RS 4303509 ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    );
  });

  it('stores the technician phone as digits and a 7-digit CREA padded to 14', () => {
    const parsed = PropertyBodySchema.parse({
      ...validProperty,
      responsible_technician_name: ' Luciana Fagundes ',
      responsible_technician_phone: '(53) 99111-2233',
      responsible_technician_crea: '12.345-67',
    });
    expect(parsed).toMatchObject({
      responsible_technician_name: 'Luciana Fagundes',
      responsible_technician_phone: '53991112233',
      responsible_technician_crea: '00000001234567',
    });
  });
});

describe('owner e-mail of a registration', () => {
  it('is optional in the body and normalized when given', () => {
    expect(PropertyRegisterBodySchema.parse(validProperty).owner_email).toBeUndefined();
    expect(
      PropertyRegisterBodySchema.parse({ ...validProperty, owner_email: ' Ana@Fazenda.com.br ' })
        .owner_email,
    ).toBe('ana@fazenda.com.br');
    expect(
      messagesOf(PropertyRegisterBodySchema.safeParse({ ...validProperty, owner_email: 'ana@' })),
    ).toEqual([['owner_email', messages.register.emailInvalid]]);
  });

  it('is required in the staff form', () => {
    const result = PropertyStaffRegisterFormSchema.safeParse({ ...validProperty, owner_email: '' });
    expect(messagesOf(result)).toEqual([['owner_email', m.ownerEmailRequired]]);
  });
});
