import { InstanceStatus } from '@agroselo/contracts';

/** Spec §9: an instance is shown by the last 8 characters of its id. */
export const shortInstanceId = (id: string): string => id.slice(-8);

export const businessInitial = (name: string): string => name.trim().charAt(0).toUpperCase() || '?';

/** Finished form instances over all of them, as a whole percentage; 0 when there are none. */
export function progressPercent(progress: { finished: number; total: number }): number {
  if (progress.total <= 0) return 0;
  return Math.round((Math.min(progress.finished, progress.total) / progress.total) * 100);
}

export function progressDescription(progress: { finished: number; total: number }): string {
  if (progress.total <= 0) return 'Sem formulários iniciados';
  const noun = progress.total === 1 ? 'formulário concluído' : 'formulários concluídos';
  return `${progress.finished} de ${progress.total} ${noun}`;
}

/** The "Status:" line of a card: what the instance waits for. */
export const STATUS_LINES: Record<InstanceStatus, string> = {
  [InstanceStatus.ONGOING]: 'Processo ativo',
  [InstanceStatus.PENDING]: 'Aguardando análise',
  [InstanceStatus.PRODUCER_PENDING]: 'Aguardando início pelo produtor',
  [InstanceStatus.FINISHED]: 'Processo finalizado',
  [InstanceStatus.REJECTED]: 'Solicitação rejeitada',
};

// Dates are written with Intl, which the browser has already: the pages producers open first
// load no date library. Formatters are built once, on first use (building one costs more than
// formatting a hundred dates).
let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;
const pad = (value: number) => String(value).padStart(2, '0');

/** A moment in pt-BR, in the browser's time zone: 31/12/2025 às 14:05. */
export function formatRequestDate(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  dayFormat ??= new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  timeFormat ??= new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${dayFormat.format(date)} às ${timeFormat.format(date)}`;
}

export function countLabel(total: number, search: string): string {
  const noun = total === 1 ? 'processo' : 'processos';
  if (!search) return `${total} ${noun}`;
  return `${total} ${noun} ${total === 1 ? 'encontrado' : 'encontrados'} para "${search}"`;
}

/** A calendar day of the wire (YYYY-MM-DD) in pt-BR: 31/12/2028. */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** Whether a calendar day is already behind us (a licence or a deadline). */
export function isPastDay(isoDay: string): boolean {
  const today = new Date();
  return isoDay < `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/** A coordinate with the decimal comma of pt-BR. */
export const formatCoordinate = (value: number): string =>
  value.toLocaleString('pt-BR', { maximumFractionDigits: 6 });

/**
 * A coordinate as typed: '-30,8512' (pt-BR) or '-30.8512'; null when it is no number. Thousands
 * separators make no sense in degrees, so a comma is always the decimal one.
 */
export function parseCoordinate(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
