import type { ReactNode } from 'react';
import { Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { InstanceItem } from '../api';
import { businessInitial, shortInstanceId } from '../format';
import classes from './instance-card.module.css';

interface CardHeaderProps {
  item: InstanceItem;
  headingId: string;
  badge: ReactNode;
}

/** The business initial in a circle, its name, 'Processo #' + short id, and the badge below. */
export function CardHeader({ item, headingId, badge }: CardHeaderProps) {
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="center" w="100%">
        <Avatar color="leaf" variant="filled" radius="xl" size={44} aria-hidden>
          {businessInitial(item.business.businessName)}
        </Avatar>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="md" lh={1.3} id={headingId} className={classes.heading}>
            {item.business.businessName}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            Processo #{shortInstanceId(item.id)}
          </Text>
        </Stack>
      </Group>
      {badge}
    </Stack>
  );
}

export interface InfoRow {
  label: string;
  value: ReactNode;
}

export function InfoList({ rows }: { rows: InfoRow[] }) {
  return (
    <dl className={classes.info}>
      {rows.map((row) => (
        <div key={row.label} className={classes.infoRow}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        Status:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The way to the instance detail; its name tells the cards apart for screen readers. */
export function DetailsLink({ item }: { item: InstanceItem }) {
  return (
    <Button
      component={Link}
      to={paths.producerDetails(item.id)}
      variant="light"
      fullWidth
      mt="auto"
      rightSection={<IconArrowRight size={16} aria-hidden />}
      aria-label={`Ver Detalhes do processo #${shortInstanceId(item.id)} (${item.business.businessName})`}
    >
      Ver Detalhes
    </Button>
  );
}
