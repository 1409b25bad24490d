import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { applyServerErrors } from './form-errors';

describe('applyServerErrors', () => {
  const error = new ApiError(422, 'CPF inválido; x', [
    { loc: ['body', 'cpf'], msg: 'CPF inválido', type: 'cpf' },
    { loc: ['body', 'unknown_field'], msg: 'x', type: 'x' },
  ]);

  it('sets the message of each known field and says it did', () => {
    const setError = vi.fn();
    expect(applyServerErrors<{ cpf: string }>(error, setError, ['cpf'])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith('cpf', {
      type: 'server',
      message: 'CPF inválido',
    });
  });

  it('maps wire names to form names, and ignores other errors', () => {
    const setError = vi.fn();
    const camel = (name: string) => (name === 'cpf' ? 'cpfNumber' : name);
    expect(applyServerErrors<{ cpfNumber: string }>(error, setError, ['cpfNumber'], camel)).toBe(
      true,
    );
    expect(applyServerErrors(new Error('x'), setError, [])).toBe(false);
  });
});
