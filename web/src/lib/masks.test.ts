import { describe, expect, it } from 'vitest';
import { applyMask, CPF_MASK, formatCnpj, formatCpf, formatCrea, formatPhone } from './masks';

describe('masks', () => {
  it('formats a CPF as 000.000.000-00', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
  });

  it('formats a CNPJ as 00.000.000/0000-00 and leaves anything else alone', () => {
    expect(formatCnpj('29384756000163')).toBe('29.384.756/0001-63');
    expect(formatCnpj('29.384.756/0001-63')).toBe('29.384.756/0001-63');
    expect(formatCnpj('123')).toBe('123');
  });

  it('formats an alphanumeric CNPJ with the same mask', () => {
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('formats mobiles as (00) 00000-0000 and landlines as (00) 0000-0000', () => {
    expect(formatPhone('53999998888')).toBe('(53) 99999-8888');
    expect(formatPhone('5332221111')).toBe('(53) 3222-1111');
  });

  it('shows a CREA padded to 14 digits in its 7-digit form, and a full one as is', () => {
    expect(formatCrea('00000001827364')).toBe('18.273-64');
    expect(formatCrea('1827364')).toBe('18.273-64');
    expect(formatCrea('12345678901234')).toBe('12345678901234');
  });

  it('formats partial input as far as it goes', () => {
    expect(applyMask('5299', CPF_MASK)).toBe('529.9');
    expect(applyMask('', CPF_MASK)).toBe('');
  });
});
