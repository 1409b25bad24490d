import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  fieldInstances,
  fields,
  formInstances,
  inspectionPhotos,
  inspections,
  pendencies,
  pendencyEvents,
  users,
} from '../../db/schema';
import { windowTotal } from '../../lib/pagination';
import { isoUtc } from '../../lib/raw-statement';

const pd = pendencies;
const creator = alias(users, 'creator');

/** A step of a pendência as json_agg gives it, its time already in the wire's ISO form (isoUtc). */
export interface PendencyEventJson {
  id: string;
  type: 'opened' | 'answered' | 'resolved' | 'reopened';
  text: string;
  created_at: string;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
}

/**
 * Pendências with their form's and field's names, author and history (json_agg), oldest first,
 * each row carrying the count of all: a page is one statement whatever its size.
 */
export function selectPendencies(db: Db, where: SQL, page?: { limit: number; offset: number }) {
  const query = db
    .select({
      pendency: pd,
      formName: formInstances.name,
      fieldName: fields.name,
      creator: { id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
      events: sql<PendencyEventJson[]>`(
        select coalesce(json_agg(json_build_object(
          'id', e.id, 'type', e.type, 'text', e.text, 'created_at', ${isoUtc(sql`e.created_at`)},
          'actor_id', u.id, 'actor_first_name', u.first_name, 'actor_last_name', u.last_name
        ) order by e.created_at, e.id), '[]'::json)
        from ${pendencyEvents} e left join ${users} u on u.id = e.actor_id
        where e.pendency_id = ${pd.id})`,
      total: windowTotal(),
    })
    .from(pd)
    .innerJoin(formInstances, eq(formInstances.id, pd.formInstanceId))
    .leftJoin(fieldInstances, eq(fieldInstances.id, pd.fieldInstanceId))
    .leftJoin(fields, eq(fields.id, fieldInstances.fieldId))
    .leftJoin(creator, eq(creator.id, pd.createdBy))
    .where(where)
    .orderBy(asc(pd.createdAt), asc(pd.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export type PendencyRow = Awaited<ReturnType<typeof selectPendencies>>[number];

export interface PhotoJson {
  index: number;
  mime: string;
}

const author = alias(users, 'author');

/** Vistorias with their photos (json_agg) and author, oldest first, with the count of all. */
export function selectInspections(db: Db, where: SQL, page?: { limit: number; offset: number }) {
  const query = db
    .select({
      inspection: inspections,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
      photos: sql<PhotoJson[]>`(
        select coalesce(json_agg(json_build_object('index', ph.index, 'mime', ph.mime)
          order by ph.index), '[]'::json)
        from ${inspectionPhotos} ph where ph.inspection_id = ${inspections.id})`,
      total: windowTotal(),
    })
    .from(inspections)
    .leftJoin(author, eq(author.id, inspections.createdBy))
    .where(where)
    .orderBy(asc(inspections.visitedOn), asc(inspections.createdAt), asc(inspections.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export type InspectionRow = Awaited<ReturnType<typeof selectInspections>>[number];
