import { describe, expect, it } from 'vitest';
import { RegisterBodySchema, RegisterFormSchema } from './auth';
import { messages } from './messages';

describe('RegisterFormSchema', () => {
  it('reports a password mismatch together with the other fields’ errors', () => {
    const result = RegisterFormSchema.safeParse({
      email: '',
      first_name: 'Ana',
      last_name: 'Souza',
      cpf: '529.982.247-25',
      phone: '(51) 99999-8888',
      password: 'senha-segura-1',
      confirm_password: 'outra-senha-1',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', messages.register.emailRequired],
      ['confirm_password', messages.register.passwordsDiffer],
    ]);
  });

  it('answers an empty form with exactly one "required" message per field', () => {
    const empty = {
      email: '',
      first_name: '',
      last_name: '',
      cpf: '',
      phone: '',
      password: '',
      confirm_password: '',
    };
    const result = RegisterFormSchema.safeParse(empty);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', messages.register.emailRequired],
      ['first_name', messages.register.firstNameRequired],
      ['last_name', messages.register.lastNameRequired],
      ['cpf', messages.register.cpfRequired],
      ['phone', messages.register.phoneRequired],
      ['password', messages.register.passwordRequired],
      ['confirm_password', messages.register.confirmRequired],
    ]);
  });

  it('accepts a complete form whose passwords match', () => {
    const result = RegisterFormSchema.safeParse({
      email: 'Ana@Fazenda.com.br',
      first_name: ' Ana ',
      last_name: 'Souza',
      cpf: '529.982.247-25',
      phone: '(51) 99999-8888',
      password: 'senha-segura-1',
      confirm_password: 'senha-segura-1',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      email: 'ana@fazenda.com.br',
      first_name: 'Ana',
      cpf: '52998224725',
      phone: '51999998888',
    });
  });
});

describe('text inputs', () => {
  it('refuse a NUL character, which PostgreSQL cannot store, with a pt-BR message', () => {
    const result = RegisterBodySchema.safeParse({
      email: 'ana@fazenda.com.br',
      first_name: 'A\u0000na',
      last_name: 'Souza',
      cpf: '529.982.247-25',
      phone: '(51) 99999-8888',
      password: 'senha-segura-1',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['first_name', messages.common.invalidCharacter],
    ]);
  });
});
