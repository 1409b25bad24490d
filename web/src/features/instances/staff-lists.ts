import type { QueryClient } from '@tanstack/react-query';
import type { InstanceListFilter, Role } from '@agroselo/contracts';
import { firstScreenWidths } from '../../lib/wide';
import { instanceTableQueryOptions } from './api';
import { apiFilters, readView, type TableSort, type TableView } from './table-view';

/** What a staff list shows when its address says nothing. */
export interface StaffListDefaults {
  status: InstanceListFilter;
  sort: TableSort;
}

/** 'Processos em andamento': every open request, the newest first. */
export const OPEN_REQUESTS: StaffListDefaults = {
  status: 'in_progress',
  sort: { key: 'created_at', descending: true },
};
/** 'Pendentes': the requests waiting for an evaluation, the newest first. */
export const WAITING: StaffListDefaults = {
  status: 'pending',
  sort: { key: 'created_at', descending: true },
};
/** 'Atribuídas a mim': a technician's open requests, those waiting longest first. */
export const MINE: StaffListDefaults = {
  status: 'in_progress',
  sort: { key: 'waiting_days', descending: true },
};

/** Divides by the 1, 2 and 3 columns of the phone and tablet grid. */
export const CARD_PAGE_SIZE = 12;
export const TABLE_PAGE_SIZE = 25;

/** `?atribuidas=todas` shows every waiting request; a technician opens on their own. */
export const ASSIGNED_PARAM = 'atribuidas';

/** Whether Pendentes shows the caller's own requests: a technician's, unless asked for all. */
export const pendingsShowMine = (role: Role | undefined, search: URLSearchParams) =>
  role === 'technician' && search.get(ASSIGNED_PARAM) !== 'todas';

/** The API's filters of a list's view, with the technician the page fixes (Pendentes' own). */
export const staffListFilters = (view: TableView, technician?: string) => ({
  ...apiFilters(view),
  ...(technician ? { technician_id: technician } : {}),
});

/**
 * Starts the first page of a staff list as the page asks for it, from the address's view, at
 * each width its first screen is rendered (cards and the table have their own page sizes).
 */
export function prefetchStaffList(
  queryClient: QueryClient,
  search: URLSearchParams,
  defaults: StaffListDefaults,
  technician?: string,
): void {
  const view = readView(search, defaults);
  const filters = staffListFilters(view, technician);
  for (const wide of firstScreenWidths())
    void queryClient.prefetchQuery(
      instanceTableQueryOptions(
        filters,
        view.search,
        view.page,
        wide ? TABLE_PAGE_SIZE : CARD_PAGE_SIZE,
      ),
    );
}
