import { useId, type ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A titled section of the instance page where staff or the producer act on it. */
export function ActionSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="leaf.0"
      style={{ borderColor: 'var(--mantine-color-leaf-3)' }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
