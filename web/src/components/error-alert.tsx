import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../api';

/** A failure the user must read: red, announced to screen readers. */
export function ErrorAlert({
  title,
  id,
  children,
}: {
  title?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Alert
      id={id}
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={title}
      role="alert"
    >
      {children}
    </Alert>
  );
}

/** A list or page that could not be loaded, with the server's reason and a way to try again. */
export function LoadError({
  title,
  query,
}: {
  title: string;
  /** The failed query (TanStack Query's result, or the same three fields of it). */
  query: { error: unknown; isRefetching: boolean; refetch: () => unknown };
}) {
  return (
    <ErrorAlert title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(query.error)}</Text>
        <Button
          variant="outline"
          color="red"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isRefetching}
          onClick={() => void query.refetch()}
        >
          Tentar novamente
        </Button>
      </Stack>
    </ErrorAlert>
  );
}
