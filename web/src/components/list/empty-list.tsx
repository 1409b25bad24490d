import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';

interface EmptyListProps {
  icon: ReactNode;
  title: string;
  hint: string;
  /** Offered when a search found nothing. */
  onClear?: () => void;
}

/** What a list shows when it has nothing: why, and a way out of an empty search. */
export function EmptyList({ icon, title, hint, onClear }: EmptyListProps) {
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={700} size="lg">
          {title}
        </Text>
        <Text c="dimmed" size="sm" maw={460}>
          {hint}
        </Text>
        {onClear && (
          <Button variant="light" mt="xs" onClick={onClear}>
            Limpar busca
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
