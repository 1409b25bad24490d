import {
  formatCnpj,
  instanceStatus,
  InstanceStatus,
  ROLE_LABELS,
  REGION_LABELS,
  type InstanceExportQuery,
  type InstanceListFilter,
  type PropertyExportQuery,
  type UserExportQuery,
} from '@agroselo/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  pendencies,
  processes,
  processInstances as i,
  properties,
  stamps,
  users,
} from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { formProgress } from '../instances/form-progress';
import { daysSince, responsibleId } from '../instances/present';
import {
  direction,
  responsible,
  tableShape,
  tableSort,
  tableValues,
  tableWhere,
  valuesAsParameters,
} from '../instances/table';
import { saoPauloToday } from '../certificates/status';
import { fullName } from '../../lib/people';
import { propertyTableSort, propertyTableWhere } from '../properties/table';
import { userTableSort, userTableWhere } from '../users/table';
import { keysetBatches } from './batches';
import type { Cell, Column, Sheet } from './table';

const owner = alias(users, 'owner');

export const INSTANCE_STATUS_LABELS: Record<InstanceStatus, string> = {
  [InstanceStatus.ONGOING]: 'Em andamento',
  [InstanceStatus.FINISHED]: 'Finalizado',
  [InstanceStatus.PENDING]: 'Pendente',
  [InstanceStatus.PRODUCER_PENDING]: 'Aguardando produtor',
  [InstanceStatus.REJECTED]: 'Rejeitado',
};

/** Masked, so a spreadsheet keeps it as text and its leading zeros with it. */
export const maskedCpf = (cpf: string) =>
  cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const maskedPhone = (phone: string) => phone.replace(/^(\d{2})(\d{4,5})(\d{4})$/, '($1) $2-$3');

/** Batches of rows as cells, from a keyset read over the list's own order. */
async function* cellsOf<Row, Key>(
  read: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  cells: (row: Row) => Cell[],
): AsyncGenerator<Cell[][]> {
  for await (const rows of keysetBatches(read, keyOf)) yield rows.map(cells);
}

const PROPERTY_COLUMNS: Column[] = [
  { header: 'Propriedade', width: 30 },
  { header: 'Denominação', width: 16 },
  { header: 'CNPJ', width: 20 },
  { header: 'Município', width: 18 },
  { header: 'Localidade', width: 18 },
  { header: 'Inscrição IRGA' },
  { header: 'Latitude', kind: 'number' },
  { header: 'Longitude', kind: 'number' },
  { header: 'CAR', width: 50 },
  { header: 'LO da lavoura', width: 16 },
  { header: 'Validade da LO da lavoura', kind: 'date' },
  { header: 'LO de secagem e armazenagem', width: 16 },
  { header: 'Validade da LO de secagem e armazenagem', kind: 'date' },
  { header: 'Responsável', width: 24 },
  { header: 'Produtor', width: 24 },
  { header: 'Responsável técnico', width: 24 },
  { header: 'Telefone do responsável técnico' },
  { header: 'CREA do responsável técnico' },
  { header: 'Cadastrada em', kind: 'datetime', width: 18 },
];

/**
 * What follows the row keyed `after` in a list's order (`key`, the id breaking ties in the same
 * direction). The key is read as text: a JS Date would drop the microseconds PostgreSQL keeps.
 */
const after = (key: SQL, id: SQL, descending: boolean, last: SortKey | null) =>
  last
    ? sql`(${key}, ${id}) ${descending ? sql`<` : sql`>`} (${last.value}, ${last.id}::uuid)`
    : undefined;
type SortKey = { value: string | null; id: string };

/** The properties of /properties (a producer's own, every one for staff): the table's view. */
export function propertiesSheet(db: Db, caller: Caller, query: PropertyExportQuery): Sheet {
  const where = propertyTableWhere(caller, query);
  const { key, descending } = propertyTableSort(query.sort);
  const dir = direction(descending);
  const read = (last: SortKey | null, limit: number) =>
    db
      .select({
        property: properties,
        owner: { firstName: owner.firstName, lastName: owner.lastName },
        key: sql<string | null>`(${key})::text`,
      })
      .from(properties)
      .innerJoin(owner, eq(owner.id, properties.ownerId))
      .where(and(where, after(key, sql`${properties.id}`, descending, last)))
      .orderBy(sql`${key} ${dir}`, sql`${properties.id} ${dir}`)
      .limit(limit);
  return {
    name: 'Propriedades',
    columns: PROPERTY_COLUMNS,
    rows: () =>
      cellsOf(
        read,
        (row) => ({ value: row.key, id: row.property.id }),
        ({ property: p, owner: o }) => [
          p.businessName,
          p.businessType,
          formatCnpj(p.cnpj),
          p.municipality,
          p.place,
          p.irga,
          p.latitude,
          p.longitude,
          p.carN,
          p.farmingLoNumber,
          p.farmingLoValidity,
          p.dryingAndStockLoNumber,
          p.dryingAndStockLoValidity,
          p.responsibleName,
          fullName(o),
          p.responsibleTechnicianName,
          p.responsibleTechnicianPhone ? maskedPhone(p.responsibleTechnicianPhone) : null,
          p.responsibleTechnicianCrea,
          p.createdAt,
        ],
      ),
  };
}

const INSTANCE_COLUMNS: Column[] = [
  { header: 'Propriedade', width: 30 },
  { header: 'CNPJ', width: 20 },
  { header: 'Município', width: 18 },
  { header: 'Região', width: 22 },
  { header: 'Selo', width: 24 },
  { header: 'Safra', width: 10 },
  { header: 'Situação', width: 20 },
  { header: 'Técnico', width: 24 },
  { header: 'Formulários finalizados', kind: 'number' },
  { header: 'Formulários', kind: 'number' },
  { header: 'Pendências atrasadas', kind: 'number' },
  { header: 'Dias desde a solicitação', kind: 'number' },
  { header: 'Dias desde a última ação', kind: 'number' },
  { header: 'Solicitado em', kind: 'datetime', width: 18 },
];

const INSTANCE_SHEET_NAMES: Record<InstanceListFilter, string> = {
  in_progress: 'Processos em andamento',
  pending: 'Pendentes',
  producer_pending: 'Aguardando produtor',
  ongoing: 'Em andamento',
  finished: 'Finalizados',
  rejected: 'Rejeitados',
  all: 'Processos',
};

/** The requests of a staff table: its filters, its search and its order (modules/instances/table.ts). */
export function instancesSheet(db: Db, query: InstanceExportQuery): Sheet {
  const today = saoPauloToday();
  const where = tableWhere(tableShape(query), valuesAsParameters(tableValues(query, today)));
  const sort = tableSort(query.sort);
  const { expression } = sort.column;
  const dir = direction(sort.descending);
  const todayValue = sql`${today}::date`;
  const read = (last: SortKey | null, limit: number) =>
    db
      .select({
        instance: i,
        property: {
          businessName: properties.businessName,
          cnpj: properties.cnpj,
          municipality: properties.municipality,
          region: properties.region,
        },
        stampName: stamps.name,
        safra: processes.safra,
        responsible: { firstName: responsible.firstName, lastName: responsible.lastName },
        ...formProgress(i.id),
        waitingDays: daysSince(sql`${i.createdAt}`, todayValue).mapWith(Number),
        idleDays: daysSince(sql`coalesce(${i.lastActionAt}, ${i.createdAt})`, todayValue).mapWith(
          Number,
        ),
        latePendencies:
          sql<number>`(select count(*) from ${pendencies} where ${pendencies.processInstanceId} = ${i.id} and ${pendencies.status} <> 'resolved' and ${pendencies.dueDate} < ${todayValue})`.mapWith(
            Number,
          ),
        key: sql<string | null>`(${expression})::text`,
      })
      .from(i)
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .innerJoin(stamps, eq(stamps.processId, i.processId))
      .innerJoin(processes, eq(processes.id, i.processId))
      .leftJoin(responsible, eq(responsible.id, responsibleId))
      .where(and(where, after(expression, sql`${i.id}`, sort.descending, last)))
      .orderBy(sql`${expression} ${dir}`, sql`${i.id} ${dir}`)
      .limit(limit);
  return {
    name: INSTANCE_SHEET_NAMES[query.status],
    columns: INSTANCE_COLUMNS,
    rows: () =>
      cellsOf(
        read,
        (row) => ({ value: row.key, id: row.instance.id }),
        (row) => [
          row.property.businessName,
          formatCnpj(row.property.cnpj),
          row.property.municipality,
          REGION_LABELS[row.property.region],
          row.stampName,
          row.safra,
          INSTANCE_STATUS_LABELS[
            instanceStatus({ ...row.instance, hasTechnician: row.instance.technicianId !== null })
          ],
          row.responsible ? fullName(row.responsible) : null,
          row.formsFinished,
          row.formsTotal,
          row.latePendencies,
          row.waitingDays,
          row.idleDays,
          row.instance.createdAt,
        ],
      ),
  };
}

const USER_COLUMNS: Column[] = [
  { header: 'Nome', width: 18 },
  { header: 'Sobrenome', width: 18 },
  { header: 'E-mail', width: 30 },
  { header: 'CPF', width: 16 },
  { header: 'Telefone', width: 16 },
  { header: 'Papel', width: 14 },
  { header: 'CREA', width: 16 },
  { header: 'Situação' },
  { header: 'Cadastrada em', kind: 'datetime', width: 18 },
];

const accountStatus = (user: { disabled: boolean; pending: boolean }) =>
  user.disabled ? 'Desativada' : user.pending ? 'Pendente' : 'Ativa';

/** The accounts of Usuários: the table's view. */
export function usersSheet(db: Db, query: UserExportQuery): Sheet {
  const where = userTableWhere(query);
  const { key, descending } = userTableSort(query.sort);
  const dir = direction(descending);
  const read = (last: SortKey | null, limit: number) =>
    db
      .select({ user: users, key: sql<string | null>`(${key})::text` })
      .from(users)
      .where(and(where, after(key, sql`${users.id}`, descending, last)))
      .orderBy(sql`${key} ${dir}`, sql`${users.id} ${dir}`)
      .limit(limit);
  return {
    name: 'Usuários',
    columns: USER_COLUMNS,
    rows: () =>
      cellsOf(
        read,
        (row) => ({ value: row.key, id: row.user.id }),
        ({ user }) => [
          user.firstName,
          user.lastName,
          user.email,
          maskedCpf(user.cpf),
          maskedPhone(user.phone),
          ROLE_LABELS[user.role],
          user.crea,
          accountStatus(user),
          user.createdAt,
        ],
      ),
  };
}
