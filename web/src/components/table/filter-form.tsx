import { useState, type ReactNode } from 'react';
import { Button, Group, Select, SimpleGrid, TextInput, type SimpleGridProps } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { REGION_LABELS, REGIONS, type Region } from '@agroselo/contracts';

/**
 * The filters above a staff table, named 'Filtros' for screen readers. A select applies at once;
 * a text applies when it is left or Enter is pressed (FilterText). Each change is a history entry
 * of its own (components/table/table-address.ts). 'Limpar filtros' shows while any is set.
 */
export function FilterForm({
  children,
  filtered,
  onClear,
  cols,
  actions,
}: {
  children: ReactNode;
  filtered: boolean;
  onClear: () => void;
  cols: SimpleGridProps['cols'];
  /** At the end of the filters' row (the view's 'Exportar'). */
  actions?: ReactNode;
}) {
  return (
    <form aria-label="Filtros" onSubmit={(event) => event.preventDefault()}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <SimpleGrid cols={cols} spacing="sm" verticalSpacing="xs" flex={1}>
          {children}
        </SimpleGrid>
        {actions}
      </Group>
      {filtered && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="xs"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
        >
          Limpar filtros
        </Button>
      )}
    </form>
  );
}

/** A text filter (a municipality): typed freely, applied when left or on Enter. */
export function FilterText({
  label,
  placeholder,
  value,
  onCommit,
}: {
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // The address changed on its own (Back, 'Limpar filtros'): the box follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

const REGION_OPTIONS = REGIONS.map((region) => ({ value: region, label: REGION_LABELS[region] }));

/** The IRGA region of the farm (contracts/src/regions.ts), or every one. */
export function RegionFilter({
  value,
  onChange,
}: {
  value: Region | null;
  onChange: (region: Region | null) => void;
}) {
  return (
    <Select
      label="Região"
      placeholder="Todas"
      data={REGION_OPTIONS}
      value={value}
      clearable
      onChange={(region) => onChange((region as Region | null) ?? null)}
    />
  );
}
