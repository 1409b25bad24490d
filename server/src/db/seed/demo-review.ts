import { messages, SEAL_LEVEL_LABELS } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { newId } from '../../lib/ids';
import { fullName } from '../../lib/people';
import type { Storage } from '../../lib/storage';
import { brazilianDay } from '../../modules/certificates/status';
import { recordEvent } from '../../modules/instances/events';
import type { Db } from '../client';
import { formInstances, processInstances } from '../schema';
import {
  createCertificate,
  createInspection,
  createPendency,
  createSeal,
  startedInstance,
  type PropertyRow,
  type UserRow,
} from './factories';

const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * A small photo of a rice field for the demo's vistoria, drawn in code: sky over a green paddy
 * with the lines of its levees, tinted per photo so the thumbnails differ.
 */
export function fieldPhoto(tint: number, width = 320, height = 240): Buffer {
  const png = new PNG({ width, height });
  const horizon = Math.round(height * 0.4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      const levee = y > horizon && (y - horizon) % 28 < 3;
      const [r, g, b] =
        y < horizon
          ? [120 + tint, 170 + Math.round((y / horizon) * 50), 230]
          : levee
            ? [150, 120, 80]
            : [40 + tint, 130 + Math.round(((y - horizon) / (height - horizon)) * 60), 50];
      png.data[offset] = r;
      png.data[offset + 1] = g;
      png.data[offset + 2] = b;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/**
 * The review cycle in the demo (issue 20): on the demo producer's started instance, a pendência
 * in each state (open on a field of a form still being filled, answered on 'Documentos', resolved
 * on a field of the finished form) and a vistoria with photos; and an instance concluded with
 * Selo Ouro by the committee, on a process of the previous safra that offers levels.
 */
export async function seedReviewDemo(
  db: Db,
  storage: Storage,
  input: {
    today: string;
    admin: UserRow;
    technician: UserRow;
    producer: UserRow;
    ongoing: { id: string };
    /** Form instance ids of the ongoing instance: finished, being filled, and 'Documentos'. */
    finishedForm: string;
    openForm: string;
    documentsForm: string | null;
    /** A field instance of each of the two forms. */
    finishedField: string;
    openField: string;
    /** 'Formulário — Campo' of the open pendência, as the timeline names it. */
    openWhere: string;
    committeeProperty: PropertyRow;
  },
): Promise<{ committeeProcessId: string; ouro: { instanceId: string; number: string } }> {
  const { today, admin, technician, producer, ongoing } = input;
  await createPendency(db, {
    instance: ongoing,
    formInstanceId: input.finishedForm,
    fieldInstanceId: input.finishedField,
    by: technician,
    owner: producer,
    status: 'resolved',
    description: 'Informe a cultivar exatamente como consta na nota fiscal da semente.',
    answer: 'Corrigido: IRGA 424 RI, conforme a nota fiscal nº 18.532.',
    dueDate: addDays(today, -3),
    createdAt: daysAgo(9),
  });
  await createPendency(db, {
    instance: ongoing,
    formInstanceId: input.documentsForm ?? input.finishedForm,
    by: technician,
    owner: producer,
    status: 'answered',
    description: 'A Licença de Operação enviada está ilegível: envie uma cópia digitalizada.',
    answer: 'Enviei a cópia digitalizada da LO em PDF.',
    dueDate: addDays(today, 7),
    createdAt: daysAgo(5),
  });
  await createPendency(db, {
    instance: ongoing,
    formInstanceId: input.openForm,
    fieldInstanceId: input.openField,
    by: technician,
    status: 'open',
    description: 'Informe também o número da outorga de uso da água da barragem.',
    dueDate: addDays(today, 10),
    createdAt: daysAgo(2),
  });
  const m = messages.review;
  const technicianName = fullName(technician);
  await recordEvent(db, {
    instanceId: ongoing.id,
    actorId: technician.id,
    type: 'pendency_opened',
    message: m.eventPendencyOpened(
      technicianName,
      input.openWhere,
      'Informe também o número da outorga de uso da água da barragem.',
      brazilianDay(addDays(today, 10)),
    ),
    at: daysAgo(2),
  });

  const photoKeys: string[] = [];
  for (const tint of [0, 25, 50]) {
    const key = `inspections/demo/${newId()}.png`;
    await storage.put(key, fieldPhoto(tint));
    photoKeys.push(key);
  }
  await createInspection(db, {
    instance: ongoing,
    by: technician,
    visitedOn: addDays(today, -4),
    latitude: -30.8519,
    longitude: -51.7992,
    summary:
      'Vistoria da lavoura e da barragem: taipas conservadas, canais de irrigação limpos, depósito de defensivos trancado e sinalizado. Falta a placa de identificação da outorga.',
    photoKeys,
  });
  await recordEvent(db, {
    instanceId: ongoing.id,
    actorId: technician.id,
    type: 'inspection_recorded',
    message: m.eventInspection(technicianName, brazilianDay(addDays(today, -4)), photoKeys.length),
    at: daysAgo(4),
  });

  // Arroz Rastreado RS: the previous safra's process, with levels and a committee.
  const traced = await createSeal(db, {
    process: {
      description: 'Certificação Arroz Rastreado RS — safra anterior',
      notice:
        'Edital AgroSelo/UFPel nº 04: certificação com níveis Prata e Ouro (rastreabilidade completa), decidida por comitê.',
      startDate: addDays(today, -400),
      endDate: addDays(today, -200),
      validityStart: addDays(today, -60),
      validityEnd: addDays(today, 300),
      released: true,
      levels: ['prata', 'ouro'],
      committee: true,
      createdBy: admin.id,
    },
    stamp: {
      name: 'Arroz Rastreado RS',
      description:
        'Reconhece o arroz rastreado da semente ao silo: Prata com a rastreabilidade do lote, Ouro com a rastreabilidade completa de cada aplicação.',
      features: ['Rastreabilidade do lote', 'Nível Prata ou Ouro', 'Decisão por comitê'],
    },
  });
  const { instance: ouro } = await startedInstance(db, {
    process: traced.process,
    property: input.committeeProperty,
    technician,
    finished: true,
    approved: true,
    finishNote: 'Comitê de 12/03: rastreabilidade completa comprovada; concedido o nível Ouro.',
    createdAt: daysAgo(60),
    recommendation: {
      outcome: 'ouro',
      justification: 'Todos os lotes rastreados da semente ao silo, com notas e laudos.',
    },
  });
  await db
    .update(formInstances)
    .set({ commited: true, commitedAt: daysAgo(40) })
    .where(eq(formInstances.processInstanceId, ouro.id));
  await db
    .update(processInstances)
    .set({ finishedAt: daysAgo(30), updatedAt: daysAgo(30) })
    .where(eq(processInstances.id, ouro.id));
  await recordEvent(db, {
    instanceId: ouro.id,
    actorId: technician.id,
    type: 'recommendation',
    message: m.eventRecommendation(
      technicianName,
      'Aprovar Ouro',
      'Todos os lotes rastreados da semente ao silo, com notas e laudos.',
    ),
    at: daysAgo(35),
  });
  const certificate = await createCertificate(db, {
    instance: { ...ouro, technicianId: admin.id },
    issuedAt: daysAgo(30),
    level: 'ouro',
  });
  await recordEvent(db, {
    instanceId: ouro.id,
    actorId: admin.id,
    type: 'approved',
    message: `${messages.certificates.eventApproved(fullName(admin), certificate.number, SEAL_LEVEL_LABELS.ouro)}. Parecer: ${ouro.finishNote}`,
    at: daysAgo(30),
  });
  return {
    committeeProcessId: traced.process.id,
    ouro: { instanceId: ouro.id, number: certificate.number },
  };
}
