import { describe, expect, it } from 'vitest';
import { isCnpj, isCpf, isCrea, isPhone, normalizeCrea, onlyDigits } from './documents';

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
    expect(isCnpj('11.222.333/0001-82')).toBe(false);
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
