import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PENDENCY_STATUS_LABELS, type PendencyStatus } from '@agroselo/contracts';
import { paths } from '../../../app/paths';
import type { FieldInstanceItem } from '../api';
import { formatDay } from '../format';

type FieldPendencyItem = NonNullable<FieldInstanceItem['pendency']>;

const STATUS_COLORS: Record<PendencyStatus, string> = {
  open: 'orange',
  answered: 'blue',
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
  const resolved = pendency.status === 'resolved';
  return (
    <Paper
      radius="sm"
      p="sm"
      bg={resolved ? 'gray.0' : 'orange.0'}
      style={{
        borderLeft: `4px solid var(--mantine-color-${resolved ? 'gray-4' : 'orange-6'})`,
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap={6} align="flex-start" wrap="nowrap" miw={0}>
            {!resolved && (
              <IconAlertTriangle
                size={18}
                color="var(--mantine-color-orange-8)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
            )}
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              Pendência: {pendency.description}
            </Text>
          </Group>
          <Badge color={STATUS_COLORS[pendency.status]} variant="light" style={{ flexShrink: 0 }}>
            {PENDENCY_STATUS_LABELS[pendency.status]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text
            size="sm"
            c={pendency.late ? 'red.8' : undefined}
            fw={pendency.late ? 600 : undefined}
          >
            Prazo: <time dateTime={pendency.dueDate}>{formatDay(pendency.dueDate)}</time>
          </Text>
          {pendency.late && (
            <Badge color="red" variant="filled" size="sm">
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
