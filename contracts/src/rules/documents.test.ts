import { describe, expect, it } from 'vitest';
import {
  carCharacterCount,
  formatCnpj,
  isCnpj,
  isCpf,
  isCrea,
  isPhone,
  normalizeCar,
  normalizeCnpj,
  normalizeCrea,
  officialCar,
  onlyDigits,
} from './documents';

describe('document rules', () => {
  it('accepts a CPF with valid check digits, masked or not', () => {
    expect(isCpf('529.982.247-25')).toBe(true);
    expect(isCpf('52998224725')).toBe(true);
  });
  it('rejects a CPF with wrong check digits, repeated digits or the wrong length', () => {
    expect(isCpf('529.982.247-26')).toBe(false);
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCpf('5299822472')).toBe(false);
  });
  it('checks CNPJ check digits', () => {
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(isCnpj('11.222.333/0001-82')).toBe(false);
    expect(isCnpj('00.000.000/0000-00')).toBe(false);
    expect(isCnpj('11.222.333/0001-8')).toBe(false);
  });
  it('accepts the alphanumeric CNPJ of the Receita Federal (July 2026), in any case', () => {
    expect(isCnpj('12ABC34501DE35')).toBe(true);
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isCnpj('12ABC34501DE36')).toBe(false);
    expect(isCnpj('12ABC34501DE3A')).toBe(false);
    expect(isCnpj('12.ABC.345/01DE-35!')).toBe(false);
  });
  it('stores a CNPJ upper case without its mask and shows it with the mask', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('29384756000163')).toBe('29.384.756/0001-63');
    expect(formatCnpj('123')).toBe('123');
  });
  it('counts the letters and digits of a CAR and puts an official one in its official shape', () => {
    expect(carCharacterCount('RS-4303509-7A1C.2E9F')).toBe(17);
    const compact = 'rs43035097a1c2e9f4b8d41a6b3c0f5e7d9a2b4c6';
    const official = 'RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6';
    expect(officialCar(compact)).toBe(official);
    expect(normalizeCar(` ${compact} `)).toBe(official);
    expect(normalizeCar(official)).toBe(official);
    // The municipality code must belong to the state (43 is Rio Grande do Sul).
    expect(officialCar('SC43035097A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6')).toBeNull();
    // Anything else is kept as typed, upper case, never padded nor stripped of letters.
    expect(normalizeCar('car 0001-abc-000000000000000000000000')).toBe(
      'CAR 0001-ABC-000000000000000000000000',
    );
  });
  it('accepts phones of 10 or 11 digits only', () => {
    expect(isPhone('(51) 99999-8888')).toBe(true);
    expect(isPhone('5133334444')).toBe(true);
    expect(isPhone('519999988881')).toBe(false);
    expect(isPhone('519999')).toBe(false);
  });
  it('accepts CREA of 7 or 14 digits and pads to 14', () => {
    expect(isCrea('12.345-67')).toBe(true);
    expect(isCrea('12345678901234')).toBe(true);
    expect(isCrea('123456789')).toBe(false);
    expect(normalizeCrea('12.345-67')).toBe('00000001234567');
  });
  it('strips everything but digits', () => {
    expect(onlyDigits('(51) 9.9-8')).toBe('51998');
  });
});
