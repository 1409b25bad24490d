import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PENDENCY_STATUS_LABELS, type PendencyStatus } from '@agroselo/contracts';
import { paths } from '../../../app/paths';
import type { FieldInstanceItem } from '../api';
import { formatDay } from '../format';

type FieldPendencyItem = NonNullable<FieldInstanceItem['pendency']>;

// As on the instance page's list of pendências; the theme keeps these light badges at AA.
const STATUS_COLORS: Record<PendencyStatus, string> = {
  open: 'red',
  answered: 'rice',
  resolved: 'leaf',
};

interface PendencyNoteProps {
  pendency: FieldPendencyItem;
  /** The field is reopened for the caller: after correcting it, they answer on the instance page. */
  editable: boolean;
  instanceId: string;
}

/**
 * What the technician asked to correct in this field: the description, the due date (in red once
 * past) and where the pendência stands.
 */
export function PendencyNote({ pendency, editable, instanceId }: PendencyNoteProps) {
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      style={{
        borderLeft: `4px solid var(--mantine-color-${STATUS_COLORS[pendency.status]}-6)`,
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap={6} align="flex-start" wrap="nowrap" miw={0}>
            {pendency.status === 'open' && (
              <IconAlertTriangle
                size={18}
                color="var(--mantine-color-red-9)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
            )}
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              Pendência: {pendency.description}
            </Text>
          </Group>
          <Badge color={STATUS_COLORS[pendency.status]} variant="light" tt="none" flex="none">
            {PENDENCY_STATUS_LABELS[pendency.status]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text
            size="sm"
            c={pendency.late ? 'red.9' : undefined}
            fw={pendency.late ? 600 : undefined}
          >
            Prazo: <time dateTime={pendency.dueDate}>{formatDay(pendency.dueDate)}</time>
          </Text>
          {pendency.late && (
            <Badge color="red.9" variant="filled" tt="none" size="sm">
              Atrasada
            </Badge>
          )}
        </Group>
        {editable && (
          <Text size="sm">
            Corrija este campo e salve; depois responda à pendência na{' '}
            <Anchor component={Link} to={paths.producerDetails(instanceId)} inherit fw={600}>
              página do processo
              <IconArrowRight
                size={14}
                aria-hidden
                style={{ verticalAlign: 'text-bottom', marginLeft: 2 }}
              />
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
