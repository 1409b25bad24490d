import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  REGION_LABELS,
  REGIONS,
  type InstanceLevelFilter,
  type InstanceListFilter,
  type InstanceSortKey,
  type Region,
} from '@agroselo/contracts';
import type { QueryParams } from '../../api';

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

export const REGION_OPTIONS = REGIONS.map((region) => ({
  value: region,
  label: REGION_LABELS[region],
}));

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

const invert = <K extends string>(record: Record<K, string>) =>
  Object.fromEntries(Object.entries(record).map(([key, word]) => [word, key])) as Record<
    string,
    K | undefined
  >;
const STATUS_BY_WORD = invert(STATUS_WORDS);
const LEVEL_BY_WORD = invert(LEVEL_WORDS);
const SORT_BY_WORD = invert(SORT_WORDS);
const REGION_BY_LABEL = Object.fromEntries(
  REGIONS.map((region) => [REGION_LABELS[region].toLowerCase(), region]),
) as Record<string, Region | undefined>;

export interface TableSort {
  key: InstanceSortKey;
  descending: boolean;
}

/** What the address says, read into the API's terms; words it does not know are left out. */
export interface TableView {
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
  search: string;
  sort: TableSort;
  /** 1-based. */
  page: number;
}

export type ViewChange = Partial<Omit<TableView, 'page'>> & { page?: number };

const days = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 0 ? number : null;
};

function readSort(word: string | null, fallback: TableSort): TableSort {
  if (!word) return fallback;
  const descending = word.startsWith('-');
  const key = SORT_BY_WORD[descending ? word.slice(1) : word];
  return key ? { key, descending } : fallback;
}

export function readView(
  params: URLSearchParams,
  defaults: { status: InstanceListFilter; sort: TableSort },
): TableView {
  return {
    status: STATUS_BY_WORD[params.get('situacao') ?? ''] ?? defaults.status,
    safra: params.get('safra') ?? '',
    processId: params.get('selo') ?? '',
    level: LEVEL_BY_WORD[params.get('nivel') ?? ''] ?? null,
    region: REGION_BY_LABEL[(params.get('regiao') ?? '').toLowerCase()] ?? null,
    municipality: params.get('municipio') ?? '',
    technician:
      params.get('tecnico') === UNASSIGNED_WORD ? 'unassigned' : (params.get('tecnico') ?? ''),
    late: params.get('atrasadas') === 'sim',
    minWaitingDays: days(params.get('espera')),
    minIdleDays: days(params.get('parado')),
    search: params.get('busca') ?? '',
    sort: readSort(params.get('ordem'), defaults.sort),
    page: Math.max(1, Math.floor(Number(params.get('pagina'))) || 1),
  };
}

/** The address of a view: only what differs from the defaults, so a plain page has a plain URL. */
export function writeView(
  view: TableView,
  defaults: { status: InstanceListFilter; sort: TableSort },
  keep: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams();
  // Parameters of the page that are not the table's (e.g. Pendentes' 'atribuidas') stay.
  for (const [name, value] of keep) if (!TABLE_PARAMS.has(name)) params.append(name, value);
  const set = (name: string, value: string | null | false | undefined) => {
    if (value) params.set(name, value);
  };
  set('busca', view.search.trim());
  if (view.status !== defaults.status) set('situacao', STATUS_WORDS[view.status]);
  set('safra', view.safra);
  set('selo', view.processId);
  set('nivel', view.level && LEVEL_WORDS[view.level]);
  set('regiao', view.region && REGION_LABELS[view.region]);
  set('municipio', view.municipality.trim());
  set('tecnico', view.technician === 'unassigned' ? UNASSIGNED_WORD : view.technician);
  set('atrasadas', view.late && 'sim');
  set('espera', view.minWaitingDays !== null && String(view.minWaitingDays));
  set('parado', view.minIdleDays !== null && String(view.minIdleDays));
  if (view.sort.key !== defaults.sort.key || view.sort.descending !== defaults.sort.descending)
    set('ordem', `${view.sort.descending ? '-' : ''}${SORT_WORDS[view.sort.key]}`);
  if (view.page > 1) set('pagina', String(view.page));
  return params;
}

const TABLE_PARAMS = new Set([
  'busca',
  'situacao',
  'safra',
  'selo',
  'nivel',
  'regiao',
  'municipio',
  'tecnico',
  'atrasadas',
  'espera',
  'parado',
  'ordem',
  'pagina',
]);

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
    sort: `${view.sort.descending ? '-' : ''}${view.sort.key}`,
  };
}

/** A staff table's view from the address, and its changes as new history entries. */
export function useTableView(defaults: { status: InstanceListFilter; sort: TableSort }) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params, defaults), [params, defaults]);
  const change = useCallback(
    (next: ViewChange) =>
      setParams((current) =>
        writeView({ ...readView(current, defaults), page: 1, ...next }, defaults, current),
      ),
    [setParams, defaults],
  );
  return { view, change };
}
