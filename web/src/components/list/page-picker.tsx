import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS: Record<string, string> = {
  previous: 'Página anterior',
  next: 'Próxima página',
  first: 'Primeira página',
  last: 'Última página',
};

/** Pages of a list, named for screen readers; nothing when everything fits on one. */
export function PagePicker({
  label,
  total,
  page,
  onChange,
}: {
  label: string;
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
