import { useId } from 'react';
import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';
import type { InstanceItem } from '../api';
import { progressDescription, progressPercent, shortInstanceId, STATUS_LINES } from '../format';
import { formatCnpj } from '../../../lib/masks';
import { CardHeader, DetailsLink, InfoList, StatusLine } from './card-parts';

/** A card of 'Processos em andamento': where the request stands and how far its forms are. */
export function InstanceCard({ item }: { item: InstanceItem }) {
  const headingId = useId();
  const percent = progressPercent(item.progress);
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Stack gap="md" style={{ flex: 1 }}>
        <CardHeader
          item={item}
          headingId={headingId}
          badge={<StatusBadge status={item.status} />}
        />
        <InfoList
          rows={[
            { label: 'CNPJ', value: formatCnpj(item.business.cnpj) },
            { label: 'Município', value: item.business.municipality },
            { label: 'Selo', value: item.process.stamp.name },
            { label: 'Técnico', value: item.technician?.name ?? 'Não atribuído' },
          ]}
        />
        <StatusLine>{STATUS_LINES[item.status]}</StatusLine>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              Progresso
            </Text>
            <Text size="sm" fw={600}>
              {percent}%
            </Text>
          </Group>
          <Progress
            value={percent}
            size="md"
            radius="xl"
            aria-label={`Progresso do processo #${shortInstanceId(item.id)}`}
          />
          <Text size="xs" c="dimmed">
            {progressDescription(item.progress)}
          </Text>
        </Stack>
        <DetailsLink item={item} />
      </Stack>
    </Card>
  );
}
