import {
  EXPORT_MIME,
  REGION_LABELS,
  REGISTRY_LEVEL_LABELS,
  regionOf,
  type RegistryEntry,
  type RegistryFilter,
  type RegistryQuery,
} from '@agroselo/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  certificates as c,
  processes,
  processInstances as i,
  properties,
  stamps,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import { brazilianDay, saoPauloToday } from '../certificates/status';
import { keysetBatches } from '../exports/batches';
import type { ExportFile } from '../exports/service';
import type { Column } from '../exports/table';
import { csvStream } from '../exports/writers';
import { registryWhere } from './queries';

/**
 * The certificates `where` matches, with only what the registry shows (the property, its seal and
 * the validity; nobody's name), the count of all of them and the key the CSV pages by.
 */
function selectRegistry(db: Db, where: SQL) {
  return db
    .select({
      id: c.id,
      number: c.number,
      businessName: properties.businessName,
      municipality: properties.municipality,
      sealName: stamps.name,
      processId: i.processId,
      safra: processes.safra,
      level: c.level,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      // As text: a JS Date would drop the microseconds PostgreSQL keeps, and rows with them.
      key: sql<string>`${c.issuedAt}::text`,
      total: windowTotal(),
    })
    .from(c)
    .innerJoin(i, eq(i.id, c.processInstanceId))
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(processes, eq(processes.id, i.processId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .where(where)
    .orderBy(desc(c.issuedAt), desc(c.id));
}

type Row = {
  number: string;
  businessName: string;
  municipality: string;
  sealName: string;
  processId: string;
  safra: string;
  level: RegistryEntry['level'];
  validFrom: string;
  validUntil: string;
};

function presentEntry(row: Row): RegistryEntry {
  const region = regionOf(row.municipality);
  return {
    certificate_number: row.number,
    business_name: row.businessName,
    municipality: row.municipality,
    region,
    region_label: REGION_LABELS[region],
    seal: { name: row.sealName, process_id: row.processId },
    safra: row.safra,
    level: row.level,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
  };
}

/** GET /api/registry: a page of the published certificates, newest first, with its total. */
export async function listRegistry(
  deps: AppDeps,
  query: RegistryQuery,
): Promise<Page<RegistryEntry>> {
  const where = registryWhere(query);
  const rows = await selectRegistry(deps.db, where).limit(query.limit).offset(query.offset);
  return pageFrom(rows, presentEntry, {
    offset: query.offset,
    countPastEnd: async () => {
      const [first] = await selectRegistry(deps.db, where).limit(1);
      return first?.total ?? 0;
    },
  });
}

const CSV_COLUMNS: Column[] = [
  { header: 'Certificado', width: 16 },
  { header: 'Propriedade', width: 30 },
  { header: 'Município', width: 18 },
  { header: 'Região', width: 24 },
  { header: 'Selo', width: 24 },
  { header: 'Safra' },
  { header: 'Nível' },
  { header: 'Válido de', kind: 'date' },
  { header: 'Válido até', kind: 'date' },
];

/** GET /api/registry.csv: every published certificate the filters match, streamed, newest first. */
export function registryCsv(deps: AppDeps, filter: RegistryFilter): ExportFile {
  const where = registryWhere(filter);
  type Key = { issuedAt: string; id: string };
  const read = (after: Key | null, limit: number) =>
    selectRegistry(
      deps.db,
      and(
        where,
        after
          ? sql`(${c.issuedAt}, ${c.id}) < (${after.issuedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      )!,
    ).limit(limit);
  async function* rows() {
    for await (const batch of keysetBatches(read, (row) => ({ issuedAt: row.key, id: row.id }))) {
      yield batch.map((row) => {
        const entry = presentEntry(row);
        return [
          entry.certificate_number,
          entry.business_name,
          entry.municipality,
          entry.region_label,
          entry.seal.name,
          entry.safra,
          REGISTRY_LEVEL_LABELS[entry.level ?? 'sem_nivel'],
          entry.valid_from,
          entry.valid_until,
        ];
      });
    }
  }
  return {
    body: csvStream({ name: 'Certificados', columns: CSV_COLUMNS, rows }),
    mime: EXPORT_MIME.csv,
    filename: `certificados-${brazilianDay(saoPauloToday()).replace(/\//g, '-')}.csv`,
  };
}
