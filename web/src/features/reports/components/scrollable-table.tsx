import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A wide table that scrolls sideways on a phone, reachable by keyboard to scroll it (WCAG 2.1.1). */
export function ScrollableTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </Table.ScrollContainer>
  );
}
