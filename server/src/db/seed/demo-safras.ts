import { addDays } from './demo-dates';
import { messages, nextSafra, STANDING_REASON_LABELS } from '@agroselo/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Storage } from '../../lib/storage';
import { newId } from '../../lib/ids';
import { recordEvent } from '../../modules/instances/events';
import { createFormInstances } from '../../modules/instances/form-instances';
import { copySeason } from '../../modules/safras/next-season';
import { copyCarriedProofs, prefillRenewal } from '../../modules/safras/renewal';
import type { Db } from '../client';
import {
  certificates,
  fieldInstances,
  formInstances,
  processes,
  processInstances,
  stamps,
} from '../schema';
import {
  createCertificate,
  createInstance,
  createProperty,
  fillFormFields,
  startedInstance,
  type UserRow,
} from './factories';

const daysAgo = (days: number): Date => new Date(Date.now() - days * 24 * 60 * 60_000);

export interface SafrasDemo {
  /** The next safra of Arroz Sustentável RS, released and taking requests. */
  nextProcessId: string;
  /** Granja Banhado do Taim: LO ending within 30 days, last season certified, renewing. */
  taimPropertyId: string;
  taimCertifiedInstanceId: string;
  renewalInstanceId: string;
  /** Its Arroz de Qualidade Superior certificate, suspended for a non-conformity. */
  suspendedNumber: string;
}

/**
 * The safras (DESIGN §4b) in the demo: the next season of Arroz Sustentável RS, released and open
 * for requests, so Fazenda Lagoa Mirim's certificate can be renewed; a third farm of the second
 * producer, Granja Banhado do Taim, whose farming LO ends within 30 days, certified last season
 * and renewing now (the answers pre-filled, two confirmed, the rest still marked); and its
 * Arroz de Qualidade Superior certificate, suspended.
 */
export async function seedSafrasDemo(
  db: Db,
  storage: Storage,
  input: {
    today: string;
    admin: UserRow;
    technician: UserRow;
    owner: UserRow;
    sustainableProcessId: string;
    superiorProcessId: string;
    /** Last season's answers: field id → content, by the form id of the process. */
    answers: Record<string, Record<string, string>>;
    /** The fields the producer confirmed already in the renewal. */
    confirmedFieldIds: string[];
  },
): Promise<SafrasDemo> {
  const { today, technician, owner } = input;
  const [source] = await db
    .select({ process: processes, stamp: stamps })
    .from(processes)
    .innerJoin(stamps, eq(stamps.processId, processes.id))
    .where(eq(processes.id, input.sustainableProcessId));
  const nextId = newId();
  const stampId = newId();
  const imageKey = source!.stamp.imageKey ? `stamps/${stampId}/${newId()}.svg` : null;
  if (source!.stamp.imageKey && imageKey) {
    const image = await storage.open(source!.stamp.imageKey);
    if (image) await storage.putStream(imageKey, image);
  }
  await copySeason(db, {
    source: source!,
    id: nextId,
    stampId,
    safra: nextSafra(source!.process.safra),
    dates: {
      start_date: addDays(today, -5),
      end_date: addDays(today, 150),
      validity_start: addDays(today, 2 * 365 - 30),
      validity_end: addDays(today, 3 * 365),
    },
    imageKey,
    noticeKey: null,
    createdBy: input.admin.id,
    released: true,
  });
  await db
    .update(processes)
    .set({
      description: `Certificação Arroz Sustentável RS — safra ${nextSafra(source!.process.safra)}`,
    })
    .where(eq(processes.id, nextId));

  const taim = await createProperty(db, {
    owner,
    businessName: 'Granja Banhado do Taim',
    businessType: 'Granja',
    cnpj: '73918264000100',
    municipality: 'Rio Grande',
    irga: '3410275',
    latitude: -32.5462,
    longitude: -52.5387,
    carN: 'RS43154077C3D1E8F2A9B4C5D6E7F8A1B2C3D4E5F6',
    farmingLoNumber: '01847/2022-DL',
    // Ends within 30 days: the expiry alerts warn the producer.
    farmingLoValidity: addDays(today, 20),
    dryingAndStockLoNumber: '04420/2023-DL',
    dryingAndStockLoValidity: addDays(today, 400),
    place: 'Banhado do Taim',
    responsibleName: 'Marta Bianchi Gomes',
  });

  // Last season: certified, its answers filled in.
  const { instance: certified, forms } = await startedInstance(db, {
    process: source!.process,
    property: taim,
    technician,
    finished: true,
    approved: true,
    finishNote: 'Lavoura conforme o protocolo.',
    createdAt: daysAgo(45),
  });
  for (const form of forms) {
    const answers = form.formId ? input.answers[form.formId] : undefined;
    if (answers) await fillFormFields(db, form.id, answers, owner);
  }
  await db
    .update(formInstances)
    .set({ commited: true, commitedAt: daysAgo(30), commitedBy: owner.id })
    .where(eq(formInstances.processInstanceId, certified.id));
  await db
    .update(processInstances)
    .set({ finishedAt: daysAgo(25), updatedAt: daysAgo(25) })
    .where(eq(processInstances.id, certified.id));
  await createCertificate(db, { instance: certified, issuedAt: daysAgo(25) });

  // This season: the renewal, accepted and started, pre-filled as a start does.
  const renewal = await createInstance(db, {
    process: { id: nextId },
    property: taim,
    technician,
    createdAt: daysAgo(4),
  });
  await db
    .update(processInstances)
    .set({ renewalOfId: certified.id, riceAreaHa: 214.5 })
    .where(eq(processInstances.id, renewal.id));
  const carried = await copyCarriedProofs(db, storage, renewal.id);
  await db
    .update(processInstances)
    .set({ initiated: true, startedAt: daysAgo(1) })
    .where(eq(processInstances.id, renewal.id));
  await createFormInstances(db, { id: renewal.id, processId: nextId });
  await prefillRenewal(db, renewal.id, certified.id, carried);
  await recordEvent(db, {
    instanceId: renewal.id,
    actorId: owner.id,
    type: 'started',
    message: messages.instances.eventStarted(`${owner.firstName} ${owner.lastName}`),
    at: daysAgo(1),
  });
  if (input.confirmedFieldIds.length > 0) {
    const renewalForms = await db
      .select({ id: formInstances.id })
      .from(formInstances)
      .where(eq(formInstances.processInstanceId, renewal.id));
    await db
      .update(fieldInstances)
      .set({ carriedOver: false })
      .where(
        and(
          inArray(
            fieldInstances.formInstanceId,
            renewalForms.map((form) => form.id),
          ),
          inArray(fieldInstances.fieldId, input.confirmedFieldIds),
        ),
      );
  }

  // Its Arroz de Qualidade Superior certificate, suspended after a vistoria.
  const { instance: superior } = await startedInstance(db, {
    process: { id: input.superiorProcessId },
    property: taim,
    technician,
    finished: true,
    approved: true,
    createdAt: daysAgo(60),
  });
  await db
    .update(formInstances)
    .set({ commited: true, commitedAt: daysAgo(50), commitedBy: owner.id })
    .where(eq(formInstances.processInstanceId, superior.id));
  const suspended = await createCertificate(db, { instance: superior, issuedAt: daysAgo(40) });
  await db
    .update(certificates)
    .set({
      standing: 'suspended',
      standingReason: 'nonconformity',
      standingNote: 'Vistoria encontrou lote armazenado acima da umidade permitida.',
      standingChangedAt: daysAgo(4),
      standingChangedBy: input.admin.id,
    })
    .where(eq(certificates.id, suspended.id));
  await recordEvent(db, {
    instanceId: superior.id,
    actorId: input.admin.id,
    type: 'certificate_suspended',
    message: messages.standing.eventSuspended(
      `${input.admin.firstName} ${input.admin.lastName}`,
      STANDING_REASON_LABELS.nonconformity,
    ),
    data: { number: suspended.number, reason: 'nonconformity' },
    at: daysAgo(4),
  });

  return {
    nextProcessId: nextId,
    taimPropertyId: taim.id,
    taimCertifiedInstanceId: certified.id,
    renewalInstanceId: renewal.id,
    suspendedNumber: suspended.number,
  };
}
