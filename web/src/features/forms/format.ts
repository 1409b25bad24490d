import { formatNumber, parseNumber, type FieldType } from '@agroselo/contracts';
import { formatDay, formatMoment } from '../../lib/dates';

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
    case 'number': {
      const value = parseNumber(content);
      return value === null ? content : formatNumber(value);
    }
    default:
      return content;
  }
}
