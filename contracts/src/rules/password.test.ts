import { describe, expect, it } from 'vitest';
import { passwordMatchesCpf, passwordMatchesEmail } from './password';

describe('password identity rules', () => {
  it('match the whole e-mail or its local part, whatever the case', () => {
    expect(passwordMatchesEmail('Maria.Silva@Fazenda.com.br', 'maria.silva@fazenda.com.br')).toBe(
      true,
    );
    expect(passwordMatchesEmail('MARIA.SILVA', 'maria.silva@fazenda.com.br')).toBe(true);
    expect(passwordMatchesEmail('maria.silva1', 'maria.silva@fazenda.com.br')).toBe(false);
    expect(passwordMatchesEmail('qualquer', '')).toBe(false);
  });

  it('take the password as typed: spaces around it make another password', () => {
    expect(passwordMatchesEmail(' maria.silva ', 'maria.silva@fazenda.com.br')).toBe(false);
  });

  it('match the CPF bare or masked, and nothing else made of digits', () => {
    expect(passwordMatchesCpf('52998224725', '52998224725')).toBe(true);
    expect(passwordMatchesCpf('529.982.247-25', '52998224725')).toBe(true);
    expect(passwordMatchesCpf('52998224725', '529.982.247-25')).toBe(true);
    expect(passwordMatchesCpf('52998224726', '52998224725')).toBe(false);
    expect(passwordMatchesCpf('cpf52998224725', '52998224725')).toBe(false);
    expect(passwordMatchesCpf('12345678', '')).toBe(false);
  });
});
