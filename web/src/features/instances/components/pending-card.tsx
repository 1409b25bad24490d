import { useId } from 'react';
import { Card, Stack } from '@mantine/core';
import { InstanceStatus } from '@agroselo/contracts';
import { StatusBadge } from '../../../components/status-badge';
import type { InstanceItem } from '../api';
import { formatCnpj } from '../../../lib/masks';
import { formatMoment } from '../../../lib/dates';
import { STATUS_LINES } from '../format';
import { CardHeader, DetailsLink, InfoList, StatusLine } from './card-parts';

/** A card of 'Pendentes': a seal request waiting for a technician's evaluation. */
export function PendingCard({ item }: { item: InstanceItem }) {
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Stack gap="md" style={{ flex: 1 }}>
        <CardHeader
          item={item}
          headingId={headingId}
          badge={<StatusBadge status={InstanceStatus.PENDING} />}
        />
        <InfoList
          rows={[
            { label: 'Selo', value: item.process.stamp.name },
            { label: 'CNPJ', value: formatCnpj(item.business.cnpj) },
            { label: 'Município', value: item.business.municipality },
            {
              label: 'Solicitado em',
              value: <time dateTime={item.createdAt}>{formatMoment(item.createdAt)}</time>,
            },
          ]}
        />
        <StatusLine>{STATUS_LINES[InstanceStatus.PENDING]}</StatusLine>
        <DetailsLink item={item} />
      </Stack>
    </Card>
  );
}
