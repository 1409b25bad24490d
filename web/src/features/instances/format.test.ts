import { describe, expect, it } from 'vitest';
import {
  businessInitial,
  countLabel,
  progressDescription,
  progressPercent,
  shortInstanceId,
} from './format';

describe('instance formatting', () => {
  it('shows an instance by the last 8 characters of its id', () => {
    expect(shortInstanceId('0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d')).toBe('1a0f9e8d');
  });

  it('takes the upper-case initial of the business name', () => {
    expect(businessInitial('  ébano agrícola')).toBe('É');
    expect(businessInitial('')).toBe('?');
  });

  it('computes the real progress, 0 % when there is no form instance', () => {
    expect(progressPercent({ finished: 1, total: 4 })).toBe(25);
    expect(progressPercent({ finished: 2, total: 3 })).toBe(67);
    expect(progressPercent({ finished: 3, total: 3 })).toBe(100);
    expect(progressPercent({ finished: 0, total: 0 })).toBe(0);
    expect(progressDescription({ finished: 0, total: 0 })).toBe('Sem formulários iniciados');
    expect(progressDescription({ finished: 1, total: 1 })).toBe('1 de 1 formulário concluído');
    expect(progressDescription({ finished: 1, total: 4 })).toBe('1 de 4 formulários concluídos');
  });

  it('counts the results, naming the search', () => {
    expect(countLabel(1, '')).toBe('1 processo');
    expect(countLabel(3, '')).toBe('3 processos');
    expect(countLabel(1, 'camaqua')).toBe('1 processo encontrado para "camaqua"');
    expect(countLabel(0, 'x')).toBe('0 processos encontrados para "x"');
  });
});
