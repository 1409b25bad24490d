import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertCircle, IconBan, IconDots } from '@tabler/icons-react';
import { InstanceStatus } from '@agroselo/contracts';
import { STATUS_COLORS } from '../theme';

export const STATUS_LABELS: Record<InstanceStatus, string> = {
  [InstanceStatus.FINISHED]: 'Finalizado',
  [InstanceStatus.PENDING]: 'Pendente',
  [InstanceStatus.REJECTED]: 'Rejeitado',
  [InstanceStatus.ONGOING]: 'Em Andamento',
  [InstanceStatus.PRODUCER_PENDING]: 'Aguardando produtor',
};

const ICON_SIZE = 14;

// Spec §4: finished carries no icon.
const STATUS_ICONS: Record<InstanceStatus, ReactNode> = {
  [InstanceStatus.FINISHED]: null,
  [InstanceStatus.PENDING]: <IconDots size={ICON_SIZE} aria-hidden />,
  [InstanceStatus.REJECTED]: <IconBan size={ICON_SIZE} aria-hidden />,
  [InstanceStatus.ONGOING]: <IconAlertCircle size={ICON_SIZE} aria-hidden />,
  [InstanceStatus.PRODUCER_PENDING]: <IconDots size={ICON_SIZE} aria-hidden />,
};

interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: InstanceStatus;
  /** Replaces the status label (property cards label badges with the seal name). */
  children?: ReactNode;
}

export function StatusBadge({ status, children, ...props }: StatusBadgeProps) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      leftSection={STATUS_ICONS[status]}
      title={STATUS_LABELS[status]}
      {...props}
    >
      {children ?? STATUS_LABELS[status]}
    </Badge>
  );
}
