import { useId, useState, type ReactNode } from 'react';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError, type ListResult } from '../../../api';
import { LoadError } from '../../../components/error-alert';
import { useFirstAnswerDeferred } from '../../../lib/use-first-answer-deferred';

/** A section of the review (pendências, vistorias): its title, its one action, its list. */
export function ReviewSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

interface ReviewListProps<T> {
  /** How many the instance's detail counts: none asks the server nothing. */
  total: number;
  query: UseQueryResult<ListResult<T>>;
  empty: string;
  /** 'as pendências': what is loading, or failed to. */
  noun: string;
  /** The height of one item while the list loads, so nothing below it moves when it arrives. */
  itemHeight: number;
  children: (items: T[]) => ReactNode;
}

/**
 * The list of a review section: its items, or while they load a skeleton as tall as they will
 * be. Whoever may not read them (a technician not assigned) sees only the section's counts.
 */
export function ReviewList<T>({
  total,
  query,
  empty,
  noun,
  itemHeight,
  children,
}: ReviewListProps<T>) {
  // The list arrives after the page: its first answer is built in slices, not one long task.
  const items = useFirstAnswerDeferred(query.data?.items);
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) return null;
    return <LoadError title={`Não foi possível carregar ${noun}`} query={query} />;
  }
  if (!items) {
    return (
      <Stack gap="sm" role="status" aria-busy aria-label={`Carregando ${noun}`}>
        {Array.from({ length: Math.min(total, 4) }, (_, index) => (
          <Skeleton key={index} h={itemHeight} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {children(items)}
    </Stack>
  );
}

/** A dialog loaded on first use: `used` mounts it (lazily), `opened` shows it. */
export function useDialogOnDemand() {
  const [opened, { open, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  return {
    opened,
    used,
    close,
    open: () => {
      setUsed(true);
      open();
    },
  };
}
