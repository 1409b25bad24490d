import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBodySchema,
  ChangePasswordFormSchema,
  RegisterBodySchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
} from './auth';
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

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the password policy in the forms', () => {
  const signUp = {
    email: 'Joana.Prado@Fazenda.com.br',
    first_name: 'Joana',
    last_name: 'Prado',
    cpf: '529.982.247-25',
    phone: '(51) 99999-8888',
  };

  it('refuses a password equal to the e-mail, its local part or the CPF', () => {
    for (const [password, message] of [
      ['joana.prado@fazenda.com.br', messages.password.sameAsEmail],
      ['JOANA.PRADO', messages.password.sameAsEmail],
      ['52998224725', messages.password.sameAsCpf],
      ['529.982.247-25', messages.password.sameAsCpf],
    ] as const) {
      expect(issuesOf(RegisterBodySchema.safeParse({ ...signUp, password })), password).toEqual([
        ['password', message],
      ]);
      expect(
        issuesOf(RegisterFormSchema.safeParse({ ...signUp, password, confirm_password: password })),
      ).toEqual([['password', message]]);
    }
  });

  it('keeps a password as typed, spaces included', () => {
    const result = RegisterBodySchema.safeParse({ ...signUp, password: '  frase com espaços  ' });
    expect(result.data?.password).toBe('  frase com espaços  ');
  });

  it('checks the reset form: e-mail rule, confirmation and code', () => {
    const result = ResetPasswordFormSchema.safeParse({
      email: 'joana@fazenda.com.br',
      code: '',
      password: 'joana',
      confirm_password: 'outra',
    });
    expect(issuesOf(result)).toEqual([
      ['code', messages.auth.codeRequired],
      ['password', messages.register.passwordTooShort],
      ['password', messages.password.sameAsEmail],
      ['confirm_password', messages.register.passwordsDiffer],
    ]);
  });

  it('wants a new password different from the current one, confirmed', () => {
    expect(
      issuesOf(
        ChangePasswordBodySchema.safeParse({
          current_password: 'senha-antiga-1',
          new_password: 'senha-antiga-1',
        }),
      ),
    ).toEqual([['new_password', messages.password.sameAsCurrent]]);
    expect(
      issuesOf(
        ChangePasswordFormSchema.safeParse({
          current_password: '',
          new_password: 'nova-senha-22',
          confirm_password: 'nova-senha-23',
        }),
      ),
    ).toEqual([
      ['current_password', messages.password.currentRequired],
      ['confirm_password', messages.register.passwordsDiffer],
    ]);
  });
});
