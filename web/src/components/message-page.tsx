import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

interface MessagePageProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actionLabel?: string;
  actionTo?: string;
  /** Full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
}

/** A whole page that only explains something (not found, no access) and offers a way out. */
export function MessagePage({
  icon,
  title,
  children,
  actionLabel = 'Voltar para o início',
  actionTo = '/',
  reloadDocument = false,
}: MessagePageProps) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {children}
        </Text>
        <Button component={Link} to={actionTo} reloadDocument={reloadDocument} size="md">
          {actionLabel}
        </Button>
      </Stack>
    </Container>
  );
}
