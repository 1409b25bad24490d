import { formatNumber } from '../../lib/numbers';
import type { Figures } from './api';

/** 1.234 */
export const formatCount = (value: number): string => formatNumber(value);
/** 1.234,5 ha */
export const formatHectares = (value: number): string => `${formatNumber(value, 2)} ha`;
/** 12,5 dias; a dash when nothing was decided. */
export const formatDays = (value: number | null): string =>
  value === null ? '—' : `${formatNumber(value, 1)} ${value === 1 ? 'dia' : 'dias'}`;

/**
 * A request's status, each counted once, for the stacked bars: `other` holds what waits for an
 * evaluation or a start, and the cancelled certificates (counted in no other status).
 */
export const STATUS_SERIES = [
  { name: 'certified', label: 'Certificados', color: 'teal.6' },
  { name: 'suspended', label: 'Suspensos', color: 'orange.6' },
  { name: 'inProgress', label: 'Em andamento', color: 'blue.6' },
  { name: 'rejected', label: 'Reprovados', color: 'red.6' },
  { name: 'other', label: 'Aguardando ou cancelados', color: 'gray.6' },
] as const;

export type StatusName = (typeof STATUS_SERIES)[number]['name'];

export function statusesOf(figures: Figures): Record<StatusName, number> {
  const { certified, suspended, inProgress, rejected, requests } = figures;
  return {
    certified,
    suspended,
    inProgress,
    rejected,
    other: requests - certified - suspended - inProgress - rejected,
  };
}
