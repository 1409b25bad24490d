import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SITE_NAME, SITE_TAGLINE } from '../lib/site';

interface BrandProps {
  /** Makes the brand a link (the header links it home). */
  to?: string;
  /** For dark backgrounds. */
  inverted?: boolean;
}

export function Brand({ to, inverted = false }: BrandProps) {
  const content = (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon
        size={40}
        radius="xl"
        variant={inverted ? 'white' : 'filled'}
        color="leaf.7"
        aria-hidden
      >
        <IconLeaf size={24} stroke={2} />
      </ThemeIcon>
      <Text fw={800} fz={22} c={inverted ? 'white' : 'leaf.9'} lh={1}>
        {SITE_NAME}
      </Text>
    </Group>
  );
  if (!to) return content;
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${SITE_NAME} — página inicial`}>
      {content}
    </UnstyledButton>
  );
}

/** The brand linked home over the tagline: the top of the full-screen sign-in and sign-up cards. */
export function BrandHeading({ to }: { to: string }) {
  return (
    <Stack gap={6} align="center">
      <Brand to={to} />
      <Text size="sm" c="dimmed">
        {SITE_TAGLINE}
      </Text>
    </Stack>
  );
}
