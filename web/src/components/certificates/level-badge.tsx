import { Badge, type BadgeProps } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';
import { SEAL_LEVEL_LABELS, type SealLevel } from '@agroselo/contracts';

// Light metal tones with dark text: readable on white and on the verdict's tinted panel alike.
const LEVEL_COLORS: Record<SealLevel, string> = {
  prata: 'gray.3',
  ouro: 'rice.3',
};

interface LevelBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  /** Null for a process without levels: nothing is shown. */
  level: SealLevel | null;
}

/** 'Selo Prata' / 'Selo Ouro': the level a certificate grants. */
export function LevelBadge({ level, ...props }: LevelBadgeProps) {
  if (!level) return null;
  return (
    <Badge
      color={LEVEL_COLORS[level]}
      variant="filled"
      tt="none"
      leftSection={<IconMedal size={14} aria-hidden />}
      {...props}
    >
      {SEAL_LEVEL_LABELS[level]}
    </Badge>
  );
}
