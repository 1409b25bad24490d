import { Skeleton, VisuallyHidden } from '@mantine/core';

/**
 * A staff table on its way (its code or its first page), about as tall as a page of rows;
 * `label` is what a screen reader hears, e.g. 'Carregando usuários…'. No react-table here: the
 * pages show it before the table's code has loaded.
 */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton h={400} radius="md" aria-hidden />
    </div>
  );
}
