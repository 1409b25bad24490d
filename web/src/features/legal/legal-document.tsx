import type { ReactNode } from 'react';
import { Container, Stack, Text, Title, Typography } from '@mantine/core';

interface LegalDocumentProps {
  title: string;
  updatedAt: string;
  children: ReactNode;
}

export function LegalDocument({ title, updatedAt, children }: LegalDocumentProps) {
  return (
    <Container size="md" py={56} component="article">
      <Stack gap={4} mb="xl">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">Última atualização: {updatedAt}</Text>
      </Stack>
      <Typography>{children}</Typography>
    </Container>
  );
}
