import { Badge, Group, Text } from '@mantine/core';
import { PENDENCY_STATUS_LABELS, type PendencyStatus } from '@agroselo/contracts';

// The theme keeps these light badges at WCAG AA on white.
export const PENDENCY_STATUS_COLORS: Record<PendencyStatus, string> = {
  open: 'red',
  answered: 'rice',
  resolved: 'leaf',
};

/** 'Aberta', 'Respondida' or 'Resolvida'. */
export function PendencyStatusBadge({ status }: { status: PendencyStatus }) {
  return (
    <Badge color={PENDENCY_STATUS_COLORS[status]} variant="light" tt="none" flex="none">
      {PENDENCY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A pendência's 'Prazo' (dd/mm/aaaa), in red with 'Atrasada' once past. */
export function PendencyDue({ dueDate, late }: { dueDate: string; late: boolean }) {
  return (
    <Group gap="xs">
      <Text size="sm" c={late ? 'red.9' : undefined} fw={late ? 600 : undefined}>
        Prazo: <time dateTime={dueDate}>{dueDate.split('-').reverse().join('/')}</time>
      </Text>
      {late && (
        <Badge color="red.9" variant="filled" tt="none" size="sm">
          Atrasada
        </Badge>
      )}
    </Group>
  );
}
