import type { CSSProperties, ReactNode } from 'react';
import { Fieldset, Group } from '@mantine/core';

interface DateTimeFieldsetProps {
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  description?: ReactNode;
  /** The day's field, then the time's (see `dayFieldLabel`, `DAY_STYLE`, `TIME_STYLE`). */
  children: ReactNode;
}

export const DAY_STYLE: CSSProperties = { flex: '0 1 15rem' };
export const TIME_STYLE: CSSProperties = { flex: '0 1 8rem' };

/** The day's own label: 'Data' under a shown legend, or the field's name when it is hidden. */
export const dayFieldLabel = (label: string, hideLabel?: boolean) =>
  hideLabel ? `${label}: data` : 'Data';

/**
 * A date-time field's frame: its label as the legend, day and time side by side. Shared by the
 * pickers and by the box shown while their code loads, so both take the same space (only Mantine's
 * core here: the pickers' modules load on demand).
 */
export function DateTimeFieldset({
  label,
  hideLabel,
  disabled,
  description,
  children,
}: DateTimeFieldsetProps) {
  return (
    <Fieldset
      legend={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      variant="unstyled"
      disabled={disabled}
      p={0}
    >
      <Group gap="xs" align="flex-start" wrap="wrap">
        {children}
      </Group>
      {description}
    </Fieldset>
  );
}
