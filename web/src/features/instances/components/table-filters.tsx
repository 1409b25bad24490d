import { Checkbox, Group, NumberInput, Select } from '@mantine/core';
import { FilterForm, FilterText, RegionFilter } from '../../../components/table/filter-form';
import {
  LEVEL_OPTIONS,
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

/** The filters of a staff table of requests (components/table/filter-form.tsx). */
export function TableFilters({
  view,
  change,
  options,
}: {
  view: TableView;
  change: (next: ViewChange) => void;
  options: FilterOptions;
}) {
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
    <FilterForm
      cols={{ base: 2, md: 4, xl: 5 }}
      filtered={Boolean(filtered)}
      onClear={() =>
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
      <RegionFilter value={view.region} onChange={(region) => change({ region })} />
      <FilterText
        label="Município"
        placeholder="Todos"
        value={view.municipality}
        onCommit={(municipality) => change({ municipality })}
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
          const value = event.currentTarget.value === '' ? null : Number(event.currentTarget.value);
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
          const value = event.currentTarget.value === '' ? null : Number(event.currentTarget.value);
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
    </FilterForm>
  );
}
