import {
  formatCnpj,
  instanceStatus,
  InstanceStatus,
  ROLE_LABELS,
  REGION_LABELS,
  STAFF_ROLES,
  type InstanceExportQuery,
  type InstanceListFilter,
  type PropertyExportQuery,
  type UserExportQuery,
} from '@agroselo/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
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
import { propertySearchTerm, searchPattern } from '../../lib/search';
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
import { userSearchTerm } from '../users/service';
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

/** The properties of /properties (a producer's own, every one for staff), alphabetical. */
export function propertiesSheet(db: Db, caller: Caller, query: PropertyExportQuery): Sheet {
  const term = propertySearchTerm(query.query);
  const where = and(
    STAFF_ROLES.includes(caller.role) ? undefined : eq(properties.ownerId, caller.id),
    term ? sql`${properties.searchText} like ${searchPattern(term)}` : undefined,
  );
  const order = sql`${properties.searchText} collate "C"`;
  type Key = { text: string; id: string };
  const read = (after: Key | null, limit: number) =>
    db
      .select({
        property: properties,
        owner: { firstName: owner.firstName, lastName: owner.lastName },
      })
      .from(properties)
      .innerJoin(owner, eq(owner.id, properties.ownerId))
      .where(
        and(
          where,
          after
            ? sql`(${order}, ${properties.id}) > (${after.text}::text collate "C", ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(order, asc(properties.id))
      .limit(limit);
  return {
    name: 'Propriedades',
    columns: PROPERTY_COLUMNS,
    rows: () =>
      cellsOf(
        read,
        (row) => ({ text: row.property.searchText, id: row.property.id }),
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
  // The sort value as text: a JS Date would drop the microseconds PostgreSQL keeps, and rows with them.
  type Key = { value: string | null; id: string };
  const read = (after: Key | null, limit: number) =>
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
      .where(
        and(
          where,
          after
            ? sql`(${expression}, ${i.id}) ${sort.descending ? sql`<` : sql`>`} (${after.value}, ${after.id}::uuid)`
            : undefined,
        ),
      )
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

/** The accounts of Usuários, alphabetical. */
export function usersSheet(db: Db, query: UserExportQuery): Sheet {
  const term = userSearchTerm(query.query);
  const where = term ? sql`${users.searchText} like ${searchPattern(term)}` : undefined;
  type Key = { text: string; id: string };
  const read = (after: Key | null, limit: number) =>
    db
      .select()
      .from(users)
      .where(
        and(
          where,
          after
            ? sql`(${users.searchText}, ${users.id}) > (${after.text}::text, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(users.searchText), asc(users.id))
      .limit(limit);
  return {
    name: 'Usuários',
    columns: USER_COLUMNS,
    rows: () =>
      cellsOf(
        read,
        (user) => ({ text: user.searchText, id: user.id }),
        (user) => [
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
