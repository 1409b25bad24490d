import { useId, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A titled panel of the property page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
