import { instanceStatus, type MyData } from '@agroselo/contracts';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import {
  certificates,
  fieldInstances as fi,
  fields,
  formInstances,
  processInstances as i,
  proofs,
  properties,
  stamps,
  userEvents,
} from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { presentUser } from '../auth/present';
import { presentProperty } from '../properties/present';
import { INSTANCE_STATUS_LABELS } from '../exports/lists';
import { publicationConsentsOf } from '../registry/consent';
import { presentUserEvent } from '../users/present';

/** Terms and privacy policy are accepted to sign up: the account's creation is that moment. */
const TERMS_CONSENT = 'Termos de uso e política de privacidade, aceitos no cadastro';

/**
 * GET /api/auth/my-data: everything kept about the caller, and only the caller: the account, its
 * properties and their seal requests, the answers and the files' names, consents and history.
 * A handful of queries whatever the amount, each limited to the caller's own rows.
 */
export async function myData(deps: AppDeps, caller: Caller): Promise<MyData> {
  const db = deps.db;
  const own = eq(properties.ownerId, caller.id);
  const [propertyRows, requestRows, fieldRows, eventRows, publicationConsents] = await Promise.all([
    db.select().from(properties).where(own).orderBy(asc(properties.createdAt)),
    db
      .select({
        instance: i,
        seal: stamps.name,
        certificate: certificates.number,
      })
      .from(i)
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .innerJoin(stamps, eq(stamps.processId, i.processId))
      .leftJoin(certificates, eq(certificates.processInstanceId, i.id))
      .where(own)
      .orderBy(asc(i.createdAt)),
    db
      .select({
        requestId: i.id,
        form: formInstances.name,
        field: fields.name,
        // A Lista's rows numbered in the order they were added (row ids are UUIDv7).
        row: sql<
          number | null
        >`case when ${fi.rowId} is null then null else dense_rank() over (partition by ${fi.parentFieldInstanceId} order by ${fi.rowId}) end`.mapWith(
          (value) => (value === null ? null : Number(value)),
        ),
        content: fi.content,
        updatedAt: fi.updatedAt,
        file: { filename: proofs.filename, size: proofs.size, uploadedAt: proofs.createdAt },
      })
      .from(fi)
      .innerJoin(formInstances, eq(formInstances.id, fi.formInstanceId))
      .innerJoin(i, eq(i.id, formInstances.processInstanceId))
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .innerJoin(fields, eq(fields.id, fi.fieldId))
      .leftJoin(proofs, eq(proofs.fieldInstanceId, fi.id))
      .where(and(own, or(isNotNull(fi.content), isNotNull(proofs.id))))
      .orderBy(asc(i.createdAt), asc(formInstances.position), asc(fi.position), asc(fi.id)),
    db
      .select()
      .from(userEvents)
      .where(eq(userEvents.userId, caller.id))
      .orderBy(asc(userEvents.createdAt), asc(userEvents.id)),
    publicationConsentsOf(db, caller.id),
  ]);

  return {
    generated_at: new Date().toISOString(),
    account: {
      ...presentUser(caller),
      created_at: caller.createdAt.toISOString(),
      updated_at: caller.updatedAt.toISOString(),
    },
    consents: [{ consent: TERMS_CONSENT, accepted_at: caller.createdAt.toISOString() }],
    publication_consents: publicationConsents,
    properties: propertyRows.map((property) => {
      const {
        owner: _owner,
        process_instances: _requests,
        ...rest
      } = presentProperty({
        property,
        owner: caller,
        instances: [],
      });
      return rest;
    }),
    requests: requestRows.map(({ instance, seal, certificate }) => ({
      id: instance.id,
      property_id: instance.propertyId,
      seal,
      status:
        INSTANCE_STATUS_LABELS[
          instanceStatus({ ...instance, hasTechnician: instance.technicianId !== null })
        ],
      requested_at: instance.createdAt.toISOString(),
      certificate_number: certificate,
    })),
    answers: fieldRows
      .filter((answer) => answer.content !== null)
      .map((answer) => ({
        request_id: answer.requestId,
        form: answer.form,
        field: answer.field,
        row: answer.row,
        content: answer.content,
        updated_at: answer.updatedAt.toISOString(),
      })),
    files: fieldRows.flatMap(({ file, ...answer }) =>
      file
        ? [
            {
              request_id: answer.requestId,
              form: answer.form,
              field: answer.field,
              filename: file.filename,
              size: file.size,
              uploaded_at: file.uploadedAt.toISOString(),
            },
          ]
        : [],
    ),
    events: eventRows.map((event) => ({
      type: event.type,
      message: presentUserEvent({ event, actor: null }).message,
      created_at: event.createdAt.toISOString(),
    })),
  };
}
