import type { FieldType } from '@agroselo/contracts';
import { formatDay, formatRequestDate as formatMoment, isPastDay } from '../instances/format';

export { formatDay, formatMoment, isPastDay };

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
