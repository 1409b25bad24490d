import { describe, expect, it } from 'vitest';
import { isEmailAddress, normalizeEmail } from './email';

describe('isEmailAddress (spec §9)', () => {
  it('accepts ordinary addresses', () => {
    expect(isEmailAddress('produtor@fazenda.com.br')).toBe(true);
    expect(isEmailAddress('a.b+c@ufpel.edu.br')).toBe(true);
  });
  it('rejects empty input and malformed addresses', () => {
    for (const bad of [
      '',
      'sem-arroba',
      '@dominio.com',
      'a@',
      'a@dominio',
      'a b@x.com',
      'a..b@x.com',
      'a@-x.com',
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
  it('enforces the length limits', () => {
    expect(isEmailAddress(`${'a'.repeat(64)}@x.com`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(65)}@x.com`)).toBe(false);
    expect(isEmailAddress(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isEmailAddress(`a@${'b'.repeat(64)}.com`)).toBe(false);
    const long = `a@${Array.from({ length: 5 }, () => 'c'.repeat(60)).join('.')}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(isEmailAddress(long)).toBe(false);
  });
  it('normalizes case and spaces', () => {
    expect(normalizeEmail('  Ana@Fazenda.COM ')).toBe('ana@fazenda.com');
  });
});
