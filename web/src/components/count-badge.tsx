import { Badge, VisuallyHidden, type BadgeProps } from '@mantine/core';
import { ALERT_COLOR } from '../theme';

/** Spec §9: badges show the count, and '99+' from 100 upward. */
export function formatCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  return count >= 100 ? '99+' : String(Math.floor(count));
}

interface CountBadgeProps extends Omit<BadgeProps, 'children'> {
  count: number;
  /** Read by screen readers after the number, e.g. 'pendentes'. */
  label?: string;
}

/** Nothing at zero; the formatted count otherwise. */
export function CountBadge({ count, label, color = ALERT_COLOR, ...props }: CountBadgeProps) {
  if (!(count > 0)) return null;
  const text = formatCount(count);
  return (
    <Badge color={color} variant="filled" size="sm" circle={text.length === 1} {...props}>
      <span>{text}</span>
      {label && <VisuallyHidden> {label}</VisuallyHidden>}
    </Badge>
  );
}
