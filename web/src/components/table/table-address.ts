import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The whole view of a staff table lives in the address, in Portuguese
 * (`?regiao=Campanha&ordem=-espera&busca=granja&pagina=2`): a copied link opens the same view,
 * and each change of a filter or of the order is a new history entry, so Back undoes it. The
 * search and the page are the list's own (lib/use-list-params.ts), written in place.
 */

export interface TableSort<K extends string> {
  key: K;
  descending: boolean;
}

/** One filter of a view: its name in the address and how its words read and write. */
export interface ViewField<V> {
  param: string;
  /** What the address says (null: nothing), or the filter's default for a word it does not know. */
  read: (word: string | null) => V;
  /** The word for a value; null, '' or false leave the parameter out (the default). */
  write: (value: V) => string | null | false;
}

export interface ViewSpec<F extends object, K extends string> {
  fields: { [P in keyof F]: ViewField<F[P]> };
  /** The words of the sortable columns in the address (`ordem=-espera`; `-` reverses). */
  sortWords: Record<K, string>;
  defaultSort: TableSort<K>;
}

export type TableView<F extends object, K extends string> = F & {
  search: string;
  sort: TableSort<K>;
  /** 1-based. */
  page: number;
};

const SEARCH_PARAM = 'busca';
const SORT_PARAM = 'ordem';
const PAGE_PARAM = 'pagina';

const invert = <K extends string>(record: Record<K, string>) =>
  Object.fromEntries(Object.entries(record).map(([key, word]) => [word, key])) as Record<
    string,
    K | undefined
  >;

/** One of a few values, each with its word; an unknown word reads as `fallback`. */
export function choiceField<V extends string, D extends V | null = null>(
  param: string,
  words: Record<V, string>,
  fallback: D = null as D,
): ViewField<V | D> {
  const byWord = invert(words);
  return {
    param,
    read: (word) => byWord[word ?? ''] ?? fallback,
    write: (value) => value !== fallback && value !== null && words[value],
  };
}

/** One of a few values written as its label (`regiao=Campanha`), read whatever its case. */
export function labelField<V extends string>(
  param: string,
  labels: Record<V, string>,
): ViewField<V | null> {
  const byLabel = invert(
    Object.fromEntries(
      Object.entries(labels).map(([value, label]) => [value, (label as string).toLowerCase()]),
    ) as Record<V, string>,
  );
  return {
    param,
    read: (word) => byLabel[(word ?? '').toLowerCase()] ?? null,
    write: (value) => value !== null && labels[value],
  };
}

/** A text as typed (a municipality), trimmed. */
export const textField = (param: string): ViewField<string> => ({
  param,
  read: (word) => word ?? '',
  write: (value) => value.trim(),
});

const fieldsOf = <F extends object, K extends string>(spec: ViewSpec<F, K>) =>
  Object.entries(spec.fields as Record<string, ViewField<unknown>>);

export const sortParam = <K extends string>(sort: TableSort<K>) =>
  `${sort.descending ? '-' : ''}${sort.key}`;

/** What the address says, read into the view; words it does not know are left out. */
export function readTableView<F extends object, K extends string>(
  spec: ViewSpec<F, K>,
  params: URLSearchParams,
): TableView<F, K> {
  const filters = Object.fromEntries(
    fieldsOf(spec).map(([name, field]) => [name, field.read(params.get(field.param))]),
  ) as F;
  const word = params.get(SORT_PARAM) ?? '';
  const descending = word.startsWith('-');
  const key = invert(spec.sortWords)[descending ? word.slice(1) : word];
  return {
    ...filters,
    search: params.get(SEARCH_PARAM) ?? '',
    sort: key ? { key, descending } : spec.defaultSort,
    page: Math.max(1, Math.floor(Number(params.get(PAGE_PARAM))) || 1),
  };
}

/**
 * The address of a view: only what differs from the defaults, so a plain page has a plain URL.
 * Parameters of the page that are not the table's (e.g. Pendentes' 'atribuidas') stay, first.
 */
export function writeTableView<F extends object, K extends string>(
  spec: ViewSpec<F, K>,
  view: TableView<F, K>,
  keep: URLSearchParams,
): URLSearchParams {
  const fields = fieldsOf(spec);
  const own = new Set([SEARCH_PARAM, SORT_PARAM, PAGE_PARAM, ...fields.map(([, f]) => f.param)]);
  const params = new URLSearchParams();
  for (const [name, value] of keep) if (!own.has(name)) params.append(name, value);
  const set = (name: string, value: string | null | false) => {
    if (value) params.set(name, value);
  };
  set(SEARCH_PARAM, view.search.trim());
  for (const [name, field] of fields) set(field.param, field.write(view[name as keyof F]));
  const { sort } = view;
  if (sort.key !== spec.defaultSort.key || sort.descending !== spec.defaultSort.descending)
    set(SORT_PARAM, `${sort.descending ? '-' : ''}${spec.sortWords[sort.key]}`);
  if (view.page > 1) set(PAGE_PARAM, String(view.page));
  return params;
}

export type ViewChange<F extends object, K extends string> = Partial<TableView<F, K>>;

/**
 * A staff table's view from the address, and its changes as new history entries; a change of a
 * filter or of the order goes back to the first page. `spec` must keep its identity.
 */
export function useTableView<F extends object, K extends string>(spec: ViewSpec<F, K>) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readTableView(spec, params), [spec, params]);
  const change = useCallback(
    (next: ViewChange<F, K>) =>
      setParams((current) =>
        writeTableView(spec, { ...readTableView(spec, current), page: 1, ...next }, current),
      ),
    [setParams, spec],
  );
  return { view, change };
}
