import type { FieldType } from '@agroselo/contracts';
import { dayjs } from '../../lib/dayjs';

/** A moment in pt-BR: 31/12/2025 às 14:05. */
export const formatMoment = (iso: string): string => dayjs(iso).format('DD/MM/YYYY [às] HH:mm');

/** A calendar day of the wire (YYYY-MM-DD) in pt-BR: 31/12/2028. */
export const formatDay = (isoDay: string): string => dayjs(isoDay).format('DD/MM/YYYY');

/** Whether a calendar day is already behind us (a deadline). */
export const isPastDay = (isoDay: string): boolean => dayjs(isoDay).isBefore(dayjs(), 'day');

/** A field's content as a person reads it. */
export function formatContent(type: FieldType, content: string | null): string {
  if (content === null || content === '') return '(vazio)';
  switch (type) {
    case 'bool':
      return content === 'true' ? 'Sim' : content === 'false' ? 'Não' : content;
    case 'date':
      return formatDay(content);
    case 'datetime':
      return formatMoment(content);
    default:
      return content;
  }
}
