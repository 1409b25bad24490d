import {
  REGION_LABELS,
  type InstanceLevelFilter,
  type InstanceListFilter,
  type InstanceSortKey,
  type Region,
} from '@agroselo/contracts';
import type { QueryParams } from '../../api';
import {
  choiceField,
  labelField,
  readTableView,
  sortParam,
  textField,
  useTableView as useAddressView,
  writeTableView,
  type TableSort as SortOf,
  type TableView as AddressView,
  type ViewChange as AddressViewChange,
  type ViewField,
  type ViewSpec,
} from '../../components/table/table-address';

/**
 * The whole view of a staff table lives in the address, in Portuguese
 * (`?safra=2026/27&regiao=Campanha&ordem=-espera`): a copied link opens the same view, and each
 * change is a new history entry, so Back undoes a filter. Here the address's names and values
 * become the API's snake_case filters (DESIGN §4c).
 */

const STATUS_WORDS: Record<InstanceListFilter, string> = {
  in_progress: 'em-andamento',
  pending: 'aguardando-avaliacao',
  producer_pending: 'aguardando-produtor',
  ongoing: 'iniciados',
  finished: 'concluidos',
  rejected: 'rejeitados',
  all: 'todos',
};
export const STATUS_OPTIONS: { value: InstanceListFilter; label: string }[] = [
  { value: 'in_progress', label: 'Em aberto' },
  { value: 'pending', label: 'Aguardando avaliação' },
  { value: 'producer_pending', label: 'Aguardando produtor' },
  { value: 'ongoing', label: 'Em andamento' },
  { value: 'finished', label: 'Concluídos' },
  { value: 'rejected', label: 'Rejeitados' },
  { value: 'all', label: 'Todos' },
];

const LEVEL_WORDS: Record<InstanceLevelFilter, string> = {
  prata: 'prata',
  ouro: 'ouro',
  sem_nivel: 'sem-nivel',
};
export const LEVEL_OPTIONS: { value: InstanceLevelFilter; label: string }[] = [
  { value: 'prata', label: 'Prata' },
  { value: 'ouro', label: 'Ouro' },
  { value: 'sem_nivel', label: 'Sem nível' },
];

/** The columns' names in the address; `-` in front reverses, as the API's `sort`. */
export const SORT_WORDS: Record<InstanceSortKey, string> = {
  created_at: 'solicitado',
  waiting_days: 'espera',
  idle_days: 'parado',
  business_name: 'propriedade',
  municipality: 'municipio',
  region: 'regiao',
  seal: 'selo',
  safra: 'safra',
  status: 'situacao',
  technician: 'tecnico',
};

/** `tecnico=` takes a technician's id, or these words. */
export const UNASSIGNED_WORD = 'sem-tecnico';

export type TableSort = SortOf<InstanceSortKey>;

interface Filters {
  status: InstanceListFilter;
  safra: string;
  processId: string;
  level: InstanceLevelFilter | null;
  region: Region | null;
  municipality: string;
  /** A technician's id, 'unassigned', or '' for everyone. */
  technician: string;
  late: boolean;
  minWaitingDays: number | null;
  minIdleDays: number | null;
}

/** What the address says, read into the API's terms; words it does not know are left out. */
export type TableView = AddressView<Filters, InstanceSortKey>;
export type ViewChange = AddressViewChange<Filters, InstanceSortKey>;

interface Defaults {
  status: InstanceListFilter;
  sort: TableSort;
}

const daysField = (param: string): ViewField<number | null> => ({
  param,
  read: (word) => {
    const number = Number(word);
    return word && Number.isInteger(number) && number >= 0 ? number : null;
  },
  write: (value) => value !== null && String(value),
});

const specs = new WeakMap<Defaults, ViewSpec<Filters, InstanceSortKey>>();

/** The address's names and words of a page's table, whose defaults are the page's. */
function specOf(defaults: Defaults): ViewSpec<Filters, InstanceSortKey> {
  let spec = specs.get(defaults);
  if (!spec) {
    spec = {
      fields: {
        status: choiceField('situacao', STATUS_WORDS, defaults.status),
        safra: textField('safra'),
        processId: textField('selo'),
        level: choiceField('nivel', LEVEL_WORDS),
        region: labelField('regiao', REGION_LABELS),
        municipality: textField('municipio'),
        technician: {
          param: 'tecnico',
          read: (word) => (word === UNASSIGNED_WORD ? 'unassigned' : (word ?? '')),
          write: (value) => (value === 'unassigned' ? UNASSIGNED_WORD : value),
        },
        late: {
          param: 'atrasadas',
          read: (word) => word === 'sim',
          write: (value) => value && 'sim',
        },
        minWaitingDays: daysField('espera'),
        minIdleDays: daysField('parado'),
      },
      sortWords: SORT_WORDS,
      defaultSort: defaults.sort,
    };
    specs.set(defaults, spec);
  }
  return spec;
}

export const readView = (params: URLSearchParams, defaults: Defaults): TableView =>
  readTableView(specOf(defaults), params);

/** The address of a view: only what differs from the defaults, so a plain page has a plain URL. */
export const writeView = (
  view: TableView,
  defaults: Defaults,
  keep: URLSearchParams,
): URLSearchParams => writeTableView(specOf(defaults), view, keep);

/** The API's filters of a view (also what 'Exportar' sends, so the file is the view). */
export function apiFilters(view: TableView): QueryParams {
  return {
    status: view.status,
    safra: view.safra || undefined,
    process_id: view.processId || undefined,
    level: view.level ?? undefined,
    region: view.region ?? undefined,
    municipality: view.municipality.trim() || undefined,
    technician_id: view.technician || undefined,
    late: view.late ? 'true' : undefined,
    min_waiting_days: view.minWaitingDays ?? undefined,
    min_idle_days: view.minIdleDays ?? undefined,
    sort: sortParam(view.sort),
  };
}

/** A staff table's view from the address, and its changes as new history entries. */
export const useTableView = (defaults: Defaults) => useAddressView(specOf(defaults));
