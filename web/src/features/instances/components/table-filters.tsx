import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import {
  LEVEL_OPTIONS,
  REGION_OPTIONS,
  STATUS_OPTIONS,
  UNASSIGNED_WORD,
  type TableView,
  type ViewChange,
} from '../table-view';

export interface FilterOptions {
  safras: string[];
  seals: { value: string; label: string }[];
  technicians: { value: string; label: string }[];
}

/**
 * The filters of a staff table. Each change is applied at once (a select) or when the field is
 * left or Enter is pressed (texts and numbers), and becomes a history entry of its own.
 */
export function TableFilters({
  view,
  change,
  options,
}: {
  view: TableView;
  change: (next: ViewChange) => void;
  options: FilterOptions;
}) {
  const [municipality, setMunicipality] = useState(view.municipality);
  const [shown, setShown] = useState(view.municipality);
  if (shown !== view.municipality) {
    setShown(view.municipality);
    setMunicipality(view.municipality);
  }
  const commitMunicipality = () => {
    if (municipality.trim() !== view.municipality) change({ municipality: municipality.trim() });
  };
  const filtered =
    view.safra ||
    view.processId ||
    view.level ||
    view.region ||
    view.municipality ||
    view.technician ||
    view.late ||
    view.minWaitingDays !== null ||
    view.minIdleDays !== null;

  return (
    <form
      aria-label="Filtros"
      onSubmit={(event) => {
        event.preventDefault();
        commitMunicipality();
      }}
    >
      <SimpleGrid cols={{ base: 2, md: 4, xl: 5 }} spacing="sm" verticalSpacing="xs">
        <Select
          label="Situação"
          data={STATUS_OPTIONS}
          value={view.status}
          allowDeselect={false}
          onChange={(value) => value && change({ status: value as TableView['status'] })}
        />
        <Select
          label="Safra"
          placeholder="Todas"
          data={options.safras}
          value={view.safra || null}
          clearable
          onChange={(value) => change({ safra: value ?? '' })}
        />
        <Select
          label="Selo"
          placeholder="Todos"
          data={options.seals}
          value={view.processId || null}
          clearable
          searchable
          onChange={(value) => change({ processId: value ?? '' })}
        />
        <Select
          label="Região"
          placeholder="Todas"
          data={REGION_OPTIONS}
          value={view.region}
          clearable
          onChange={(value) => change({ region: (value as TableView['region']) ?? null })}
        />
        <TextInput
          label="Município"
          placeholder="Todos"
          value={municipality}
          onChange={(event) => setMunicipality(event.currentTarget.value)}
          onBlur={commitMunicipality}
        />
        <Select
          label="Técnico"
          placeholder="Todos"
          data={[{ value: UNASSIGNED_WORD, label: 'Sem técnico' }, ...options.technicians]}
          value={view.technician === 'unassigned' ? UNASSIGNED_WORD : view.technician || null}
          clearable
          searchable
          onChange={(value) =>
            change({ technician: value === UNASSIGNED_WORD ? 'unassigned' : (value ?? '') })
          }
        />
        <Select
          label="Nível"
          placeholder="Todos"
          data={LEVEL_OPTIONS}
          value={view.level}
          clearable
          onChange={(value) => change({ level: (value as TableView['level']) ?? null })}
        />
        <NumberInput
          label="Espera mínima (dias)"
          min={0}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          value={view.minWaitingDays ?? ''}
          onBlur={(event) => {
            const value =
              event.currentTarget.value === '' ? null : Number(event.currentTarget.value);
            if (value !== view.minWaitingDays) change({ minWaitingDays: value });
          }}
        />
        <NumberInput
          label="Sem movimento há (dias)"
          min={0}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          value={view.minIdleDays ?? ''}
          onBlur={(event) => {
            const value =
              event.currentTarget.value === '' ? null : Number(event.currentTarget.value);
            if (value !== view.minIdleDays) change({ minIdleDays: value });
          }}
        />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <Checkbox
            label="Com pendência atrasada"
            checked={view.late}
            onChange={(event) => change({ late: event.currentTarget.checked })}
            mb={8}
          />
        </Group>
      </SimpleGrid>
      {filtered && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="xs"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() =>
            change({
              safra: '',
              processId: '',
              level: null,
              region: null,
              municipality: '',
              technician: '',
              late: false,
              minWaitingDays: null,
              minIdleDays: null,
            })
          }
        >
          Limpar filtros
        </Button>
      )}
    </form>
  );
}
