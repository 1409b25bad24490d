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
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <ErrorAlert title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button
          variant="outline"
          color="red"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          Tentar novamente
        </Button>
      </Stack>
    </ErrorAlert>
  );
}
