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

export function countLabel(total: number, search: string): string {
  const noun = total === 1 ? 'processo' : 'processos';
  if (!search) return `${total} ${noun}`;
  return `${total} ${noun} ${total === 1 ? 'encontrado' : 'encontrados'} para "${search}"`;
}
