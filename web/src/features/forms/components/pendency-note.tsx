import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import {
  PENDENCY_STATUS_COLORS,
  PendencyDue,
  PendencyStatusBadge,
} from '../../../components/pendency-badges';
import type { FieldInstanceItem } from '../api';

type FieldPendencyItem = NonNullable<FieldInstanceItem['pendency']>;

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
        borderLeft: `4px solid var(--mantine-color-${PENDENCY_STATUS_COLORS[pendency.status]}-6)`,
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
          <PendencyStatusBadge status={pendency.status} />
        </Group>
        <PendencyDue dueDate={pendency.dueDate} late={pendency.late} />
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
