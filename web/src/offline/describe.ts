import { PENDENCY_STATUS_LABELS, type PendencyStatus } from '@agroselo/contracts';
import type { OutboxItem } from '../device/db';

export interface Line {
  label: string;
  value: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** A person of the wire (`{name}`), or null. */
const nameOf = (person: unknown) => (isRecord(person) ? text(person.name) : null);

/**
 * What the server holds now, in words, beside what the user wrote (a 409's `current`): a
 * pendência's state, answer and last step; a form's fields as saved meanwhile and by whom; an
 * instance's or certificate's state.
 */
export function describeCurrent(item: OutboxItem): Line[] {
  const current = item.conflict?.current;
  const lines: Line[] = [];
  if (Array.isArray(current)) {
    for (const field of current) {
      if (!isRecord(field)) continue;
      const written = item.written.find((line) => line.fieldId === field.id);
      const by = nameOf(field.updated_by);
      lines.push({
        label: written?.label ?? 'Campo',
        value: `${text(field.content) ?? '(vazio)'}${by ? ` — salvo por ${by}` : ''}`,
      });
    }
    return lines;
  }
  if (!isRecord(current)) return lines;
  if (typeof current.status === 'string' && current.status in PENDENCY_STATUS_LABELS)
    lines.push({
      label: 'Situação',
      value: PENDENCY_STATUS_LABELS[current.status as PendencyStatus],
    });
  const answer = text(current.answer);
  if (answer) lines.push({ label: 'Resposta', value: answer });
  if (Array.isArray(current.events) && current.events.length > 0) {
    const last = current.events[current.events.length - 1];
    if (isRecord(last) && text(last.text))
      lines.push({ label: 'Último passo', value: String(last.text) });
  }
  if (current.commited === true) lines.push({ label: 'Formulário', value: 'Finalizado' });
  if (Array.isArray(current.field_instances)) {
    for (const line of item.written) {
      const field = current.field_instances.find(
        (candidate) => isRecord(candidate) && candidate.id === line.fieldId,
      ) as Record<string, unknown> | undefined;
      if (field) lines.push({ label: line.label, value: text(field.content) ?? '(vazio)' });
    }
  }
  if (current.finished === true) lines.push({ label: 'Processo', value: 'Concluído' });
  const decided = text(current.status_label) ?? text(current.certificate_status);
  if (decided) lines.push({ label: 'Certificado', value: decided });
  return lines;
}
