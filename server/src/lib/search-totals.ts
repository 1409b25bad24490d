import { sql } from 'drizzle-orm';
import { cacheVersions } from '../db/schema';
import { BoundedMap, stringBytes } from './bounded-map';
import type { Page, RawPage } from './pagination';

/**
 * The version of the data named `name` in cache_versions (triggers give it a new value on every
 * write to the tables it names, migrations 0004 and 0005), as a column of the query that reads a
 * page: the page and the version come from one snapshot.
 */
export const dataVersion = (name: string) =>
  sql<
    string | null
  >`(select ${cacheVersions.version} from ${cacheVersions} where ${cacheVersions.name} = ${name})`;

export interface SearchTotals {
  get(key: string, version: string): number | undefined;
  set(key: string, version: string, total: number): void;
}

/**
 * The totals of recent searches, each kept with the version of the data it counted. Counting the
 * matches of a search costs far more than reading its page (every match against a page of 12):
 * while nothing was written, the same search (its next page, the same search by another staff
 * member, the page polled again) reuses the count. At most `max` searches and `maxBytes` are
 * kept, the least recently used dropped first.
 */
export function searchTotals(max = 1000, maxBytes = 512 * 1024): SearchTotals {
  const totals = new BoundedMap<string, { version: string; total: number }>({
    maxEntries: max,
    maxBytes,
    sizeOf: (key, kept) => stringBytes(key) + stringBytes(kept.version) + 32,
  });
  return {
    get(key, version) {
      const kept = totals.get(key);
      return kept?.version === version ? kept.total : undefined;
    },
    set(key, version, total) {
      totals.set(key, { version, total });
    },
  };
}

interface SearchPageOptions {
  offset: number;
  totals: SearchTotals;
  key: string;
  count: () => Promise<{ total: number; version: string | null } | undefined>;
}

/**
 * A page of a search whose rows carried the `version` of the data (dataVersion), its items already
 * presented by a raw statement (lib/raw-statement.ts): its total is the one kept for that version,
 * or is counted (with the version it counted) and kept.
 */
export async function searchPageOfRows<T>(
  page: RawPage<T>,
  options: SearchPageOptions,
): Promise<Page<T>> {
  const { items, version } = page;
  if (items.length === 0 && options.offset === 0) return { items, total: 0 };
  const kept = version ? options.totals.get(options.key, version) : undefined;
  if (kept !== undefined) return { items, total: kept };
  const counted = await options.count();
  const total = counted?.total ?? 0;
  if (counted?.version) options.totals.set(options.key, counted.version, total);
  return { items, total };
}
