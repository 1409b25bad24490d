import { Badge, type BadgeProps } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';

/** The season a seal, a request or a certificate belongs to: 'Safra 2026/27'. */
export function SafraBadge({ safra, ...props }: { safra: string } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge
      color="leaf"
      variant="light"
      // The light variant's text shade is too pale on its tint for AA: the darkest leaf is not.
      c="leaf.9"
      tt="none"
      leftSection={<IconPlant2 size={14} aria-hidden />}
      {...props}
    >
      Safra {safra}
    </Badge>
  );
}
