import { messages } from '@agroselo/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { checkPasswordPolicy, isCommonPassword } from './password-policy';

const account = { email: 'joana.prado@fazenda.com.br', cpf: '52998224725' };
const refusal = (password: string, field?: string) => {
  try {
    checkPasswordPolicy(password, account, field);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { detail } = error as AppError;
    if (typeof detail === 'string') throw new Error(`expected the 422 list, got "${detail}"`);
    return detail;
  }
};

describe('password policy', () => {
  it('knows the common passwords of Brazil and elsewhere, whatever the case', () => {
    for (const password of ['senha123', '12345678', 'brasil123', 'Senha123', 'password1'])
      expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword('arroz-do-banhado-77')).toBe(false);
  });

  it('refuses common passwords and the account’s e-mail or CPF, on the given field', () => {
    expect(refusal('senha123')).toEqual([
      { loc: ['body', 'password'], msg: messages.password.common, type: 'password_policy' },
    ]);
    expect(refusal('JOANA.PRADO', 'new_password')).toEqual([
      {
        loc: ['body', 'new_password'],
        msg: messages.password.sameAsEmail,
        type: 'password_policy',
      },
    ]);
    expect(refusal('529.982.247-25')?.[0]?.msg).toBe(messages.password.sameAsCpf);
  });

  it('lets other passwords through exactly as typed', () => {
    expect(refusal('arroz-do-banhado-77')).toBeNull();
    expect(refusal(' senha123 ')).toBeNull();
  });
});
