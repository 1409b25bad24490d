import {
  messages,
  normalizeCertificateNumber,
  type HoldersQuery,
  type PublicCertificate,
  type SealHolder,
  type SealLevel,
} from '@agroselo/contracts';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  certificates as c,
  processes,
  processInstances as i,
  properties,
  stamps,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import type { Caller } from '../../plugins/auth';
import { fullName } from '../../lib/people';
import { findProcess } from '../seals/queries';
import { stampImageUrl } from '../seals/present';
import { links } from './emails';
import { publicCertificate } from './standing';
import { certificateStatus, saoPauloToday } from './status';

const m = messages.certificates;

/** A certificate with what its public page and its PDF show, by its canonical number. */
async function findCertificate(db: Db, rawNumber: string) {
  const number = normalizeCertificateNumber(rawNumber);
  if (!number) throw notFound(m.notFound);
  const [row] = await db
    .select({
      number: c.number,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      issuedAt: c.issuedAt,
      level: c.level,
      standing: c.standing,
      standingReason: c.standingReason,
      standingChangedAt: c.standingChangedAt,
      property: {
        businessName: properties.businessName,
        cnpj: properties.cnpj,
        municipality: properties.municipality,
      },
      process: { id: processes.id, description: processes.description, safra: processes.safra },
      stamp: {
        id: stamps.id,
        name: stamps.name,
        description: stamps.description,
        imageKey: stamps.imageKey,
        imageMime: stamps.imageMime,
      },
      issuer: { firstName: users.firstName, lastName: users.lastName, crea: users.crea },
    })
    .from(c)
    .innerJoin(i, eq(i.id, c.processInstanceId))
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(processes, eq(processes.id, i.processId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .leftJoin(users, eq(users.id, c.issuedBy))
    .where(eq(c.number, number));
  if (!row) throw notFound(m.notFound);
  return row;
}

export type CertificateRecord = Awaited<ReturnType<typeof findCertificate>>;

function presentPublicCertificate(row: CertificateRecord, publicUrl: string): PublicCertificate {
  const url = links(publicUrl);
  return {
    number: row.number,
    status: certificateStatus(row),
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    issued_at: row.issuedAt.toISOString(),
    level: row.level,
    standing:
      row.standing !== 'valid' && row.standingReason && row.standingChangedAt
        ? { reason: row.standingReason, changed_at: row.standingChangedAt.toISOString() }
        : null,
    safra: row.process.safra,
    property: {
      business_name: row.property.businessName,
      cnpj: row.property.cnpj,
      municipality: row.property.municipality,
    },
    seal: {
      name: row.stamp.name,
      description: row.stamp.description,
      image_url: row.stamp.imageKey ? stampImageUrl(row.stamp.id, row.stamp.imageKey) : null,
      process_id: row.process.id,
    },
    issued_by: row.issuer ? { name: fullName(row.issuer), crea: row.issuer.crea ?? null } : null,
    verification_url: url.verification(row.number),
    pdf_url: url.pdf(row.number),
  };
}

/** GET /api/certificate/{number}: public; an unknown or malformed number answers 404. */
export async function getPublicCertificate(
  deps: AppDeps,
  rawNumber: string,
): Promise<PublicCertificate> {
  return presentPublicCertificate(
    await findCertificate(deps.db, rawNumber),
    deps.config.PUBLIC_URL,
  );
}

/** The certificate and its public form, for the PDF. */
export async function certificateForPdf(deps: AppDeps, rawNumber: string) {
  const record = await findCertificate(deps.db, rawNumber);
  return { record, certificate: presentPublicCertificate(record, deps.config.PUBLIC_URL) };
}

/**
 * GET /api/process/{processId}/holders: the properties whose certificate of this seal has not
 * expired (valid now or from a later day) and stands valid (neither suspended nor revoked), by
 * name; a property certified twice appears once.
 * Only what a buyer needs: name, municipality and validity.
 */
export async function listHolders(
  deps: AppDeps,
  caller: Caller | null,
  processId: string,
  query: HoldersQuery,
): Promise<Page<SealHolder>> {
  const process = await findProcess(deps.db, caller, processId);
  const today = saoPauloToday();
  const where = and(eq(i.processId, process.id), gte(c.validUntil, today), publicCertificate(c));
  const rows = await deps.db
    .select({
      businessName: properties.businessName,
      municipality: properties.municipality,
      validFrom: sql<string>`min(${c.validFrom})::text`,
      validUntil: sql<string>`max(${c.validUntil})::text`,
      // The level of the certificate that lasts longest.
      level: sql<SealLevel | null>`(array_agg(${c.level} order by ${c.validUntil} desc))[1]`,
      total: windowTotal(),
    })
    .from(c)
    .innerJoin(i, eq(i.id, c.processInstanceId))
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .where(where)
    .groupBy(properties.id)
    .orderBy(asc(properties.businessName), asc(properties.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(
    rows,
    (row) => ({
      business_name: row.businessName,
      municipality: row.municipality,
      status: certificateStatus(row, today),
      level: row.level,
      valid_from: row.validFrom,
      valid_until: row.validUntil,
    }),
    {
      offset: query.offset,
      countPastEnd: async () => {
        const [counted] = await deps.db
          .select({ total: sql<number>`count(distinct ${i.propertyId})`.mapWith(Number) })
          .from(c)
          .innerJoin(i, eq(i.id, c.processInstanceId))
          .where(where);
        return counted?.total ?? 0;
      },
    },
  );
}
