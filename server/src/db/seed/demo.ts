import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messages, normalizeEmail, safraOf, type Role } from '@agroselo/contracts';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { newId } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { serverAssets } from '../../paths';
import type { Db } from '../client';
import { formInstances, processInstances, users } from '../schema';
import { saoPauloToday } from '../../modules/certificates/status';
import { recordEvent } from '../../modules/instances/events';
import {
  addProcessFields,
  createCertificate,
  addTableRow,
  createField,
  createForm,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  fillFormFields,
  startedInstance,
  type UserRow,
} from './factories';
import { addDays } from './demo-dates';
import { seedOfficeDemo } from './demo-office';
import { seedReviewDemo } from './demo-review';
import { seedRequestFacts } from './demo-request-facts';
import { seedSafrasDemo, type SafrasDemo } from './demo-safras';

export const DEMO_PASSWORD = 'agroselo123';

/** The demo's granted seal: /verificar/AGS-DEM0-2025 shows it on a fresh start. */
export const DEMO_CERTIFICATE_NUMBER = 'AGS-DEM0-2025';

/** The accounts of the demo data; the start banner and the README print these. */
export const DEMO_LOGINS = [
  { role: 'admin', label: 'Administrador', email: 'admin@agroselo.local', password: DEMO_PASSWORD },
  {
    role: 'technician',
    label: 'Técnico',
    email: 'tecnico@agroselo.local',
    password: DEMO_PASSWORD,
  },
  { role: 'owner', label: 'Produtor', email: 'produtor@agroselo.local', password: DEMO_PASSWORD },
  // Marta holds what a second season brings: a certificate to renew, a renewal under way, a
  // suspended certificate and a licence about to end.
  {
    role: 'owner',
    label: 'Produtora (safras)',
    email: 'marta.bianchi@agroselo.local',
    password: DEMO_PASSWORD,
  },
] as const satisfies readonly { role: Role; label: string; email: string; password: string }[];

export type DemoLogin = (typeof DEMO_LOGINS)[number];

/** True when the database holds no account besides the bootstrap admin (if any). */
export async function isDatabaseEmpty(db: Db, adminEmail?: string): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(adminEmail ? ne(users.email, normalizeEmail(adminEmail)) : undefined);
  return (row?.total ?? 0) === 0;
}

/** The demo accounts that exist in this database, in the order of DEMO_LOGINS. */
export async function existingDemoLogins(db: Db): Promise<DemoLogin[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LOGINS.map((login) => login.email),
      ),
    );
  const found = new Set(rows.map((row) => row.email));
  return DEMO_LOGINS.filter((login) => found.has(login.email));
}

/** Crop year of rice in RS: sown from September, harvested until April. */
const cropYear = (day: string): string => {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 7 ? `${year}/${year + 1}` : `${year - 1}/${year}`;
};

async function sealImage(storage: Storage, stampId: string, file: string) {
  const key = `stamps/${stampId}/${file}`;
  await storage.put(key, await readFile(path.join(serverAssets, 'seals', file)));
  return { imageKey: key, imageMime: 'image/svg+xml' };
}

export interface DemoData {
  admin: UserRow;
  technician: UserRow;
  producer: UserRow;
  propertyId: string;
  releasedProcessIds: string[];
  draftProcessId: string;
  /** A second producer, without a demo login, whose farms requested seals too. */
  otherProducer: UserRow;
  otherPropertyIds: string[];
  /** The seal requests on the staff dashboard, one per state an open request can be in. */
  instances: { waiting: string; accepted: string; ongoing: string };
  /** A concluded, approved instance of the second producer, and its certificate. */
  certified: { instanceId: string; number: string };
  /** The review cycle (demo-review.ts): the committee's process and its Ouro instance. */
  review: { committeeProcessId: string; ouro: { instanceId: string; number: string } };
  /** The safras (demo-safras.ts): the next season, a renewal, a suspended certificate. */
  safras: SafrasDemo;
  /** The office at scale (demo-office.ts): a seal of a few hundred requests, more technicians. */
  office: { processId: string; technicians: UserRow[] };
}

const daysAgo = (days: number): Date => new Date(Date.now() - days * 24 * 60 * 60_000);

/**
 * Demo content for a first look at the product: the three DEMO_LOGINS, a rice farm in Camaquã and
 * two released seals with their forms, plus one draft; a second producer's two farms; and three
 * open seal requests for the staff dashboard: one waiting for a technician, one accepted and
 * waiting for its producer, and the Camaquã farm's, accepted by the demo technician and started.
 * One transaction: all of it or nothing.
 */
export async function seedDemo(
  database: Db,
  storage: Storage,
  options: { today?: string } = {},
): Promise<DemoData> {
  const today = options.today ?? saoPauloToday();
  const safra = cropYear(today);
  const year = today.slice(0, 4);

  return database.transaction(async (db) => {
    const account = async (
      login: DemoLogin,
      profile: Parameters<typeof createUser>[1],
    ): Promise<UserRow> => {
      // The bootstrap admin may already hold the demo admin's address: keep that account.
      const [existing] = await db.select().from(users).where(eq(users.email, login.email));
      return (
        existing ??
        createUser(db, {
          ...profile,
          email: login.email,
          password: login.password,
          role: login.role,
          pending: false,
          disabled: false,
        })
      );
    };

    const [adminLogin, technicianLogin, producerLogin] = DEMO_LOGINS;
    const admin = await account(adminLogin, {
      firstName: 'Helena',
      lastName: 'Schneider',
      phone: '53991234567',
    });
    const technician = await account(technicianLogin, {
      firstName: 'Rafael',
      lastName: 'Dutra Pereira',
      phone: '53984512370',
      crea: '00000001827364',
    });
    const producer = await account(producerLogin, {
      firstName: 'Sérgio',
      lastName: 'Antunes Rodrigues',
      phone: '51996128844',
    });

    const property = await createProperty(db, {
      owner: producer,
      businessName: 'Granja Arroio Duro',
      businessType: 'Granja',
      cnpj: '29384756000163',
      municipality: 'Camaquã',
      irga: '2104587',
      latitude: -30.8512,
      longitude: -51.7986,
      carN: 'RS43035097A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6',
      farmingLoNumber: '04512/2024-DL',
      farmingLoValidity: addDays(today, 3 * 365),
      dryingAndStockLoNumber: '07839/2023-DL',
      dryingAndStockLoValidity: addDays(today, 2 * 365),
      place: 'Arroio Duro, 3º distrito',
      responsibleName: 'Sérgio Antunes Rodrigues',
      responsibleTechnicianName: 'Luciana Fagundes',
      responsibleTechnicianPhone: '53991112233',
      responsibleTechnicianCrea: '00000002345678',
    });

    // Arroz Sustentável RS: how the crop is grown.
    const sustainableStampId = newId();
    const sustainable = await createSeal(db, {
      process: {
        description: `Certificação Arroz Sustentável RS — safra ${safra}`,
        notice: `Edital AgroSelo/UFPel nº 01/${year}: chamada pública para a certificação de lavouras de arroz irrigado com boas práticas socioambientais no Rio Grande do Sul.`,
        startDate: addDays(today, -30),
        endDate: addDays(today, 180),
        validityStart: addDays(today, -30),
        validityEnd: addDays(today, 2 * 365 - 31),
        released: true,
        createdBy: admin.id,
        safra: safraOf(today),
      },
      stamp: {
        id: sustainableStampId,
        name: 'Arroz Sustentável RS',
        description:
          'Reconhece lavouras de arroz irrigado do Rio Grande do Sul que produzem com uso racional da água, manejo integrado de pragas e respeito à legislação ambiental e trabalhista.',
        features: [
          'Uso racional da água de irrigação',
          'Manejo integrado de pragas e doenças',
          'Licenciamento ambiental em dia (FEPAM)',
          'Rastreabilidade da lavoura ao armazém',
        ],
        ...(await sealImage(storage, sustainableStampId, 'arroz-sustentavel-rs.svg')),
      },
    });

    const cultivar = await createField(db, { name: 'Cultivar semeada', type: 'text' });
    const area = await createField(db, {
      name: 'Área cultivada',
      type: 'number',
      unit: 'ha',
      decimals: 2,
    });
    const sowing = await createField(db, { name: 'Data da semeadura', type: 'date' });
    const pregerminated = await createField(db, {
      name: 'Sistema pré-germinado',
      type: 'bool',
    });
    // Issue 45's rules: a number in hectares with a maximum and its own message, no future day.
    const characterization = await createForm(db, sustainable.process.id, {
      name: 'Caracterização da lavoura',
      deadline: addDays(today, 60),
      obligatory: true,
      sign: false,
      position: 0,
      fieldIds: [cultivar.id, area.id, sowing.id, pregerminated.id],
      logic: {
        [cultivar.id]: { required: true },
        [area.id]: {
          required: true,
          min: 0.01,
          max: 5000,
          message: 'A área cultivada deve ficar entre 0,01 e 5.000 ha',
        },
        [sowing.id]: { not_future: true },
      },
    });

    const waterSource = await createField(db, {
      name: 'Fonte de água da irrigação',
      type: 'text',
    });
    const waterGrant = await createField(db, {
      name: 'Possui outorga de uso da água',
      type: 'bool',
      proof: true,
    });
    const flooding = await createField(db, {
      name: 'Início da irrigação por inundação',
      type: 'datetime',
    });
    const irrigation = await createForm(db, sustainable.process.id, {
      name: 'Manejo da irrigação',
      deadline: addDays(today, 90),
      obligatory: true,
      sign: true,
      position: 1,
      fieldIds: [waterSource.id, waterGrant.id, flooding.id],
    });

    const usesPesticides = await createField(db, {
      name: 'Aplica defensivos agrícolas',
      type: 'bool',
    });
    const product = await createField(db, { name: 'Produto', type: 'text' });
    const dose = await createField(db, { name: 'Dose', type: 'number', unit: 'L/ha', decimals: 2 });
    const applicationDate = await createField(db, { name: 'Data da aplicação', type: 'date' });
    const prescription = await createField(db, { name: 'Receituário agronômico nº', type: 'text' });
    const applications = await createField(db, {
      name: 'Aplicações de defensivos',
      type: 'form',
      children: [product.id, dose.id, applicationDate.id, prescription.id],
    });
    const prescriptions = await createField(db, {
      name: 'Receituários agronômicos anexados',
      type: 'bool',
      proof: true,
    });
    const inspection = await createField(db, {
      name: 'Parecer da vistoria técnica',
      type: 'text',
      producerReadOnly: true,
    });
    // Issue 45's condition: the applications and their prescriptions only for 'Sim'.
    const onlyIfApplied = {
      show_if: {
        join: 'and' as const,
        conditions: [{ field_id: usesPesticides.id, op: 'eq' as const, value: true }],
      },
    };
    const phytosanitaryForm = await createForm(db, sustainable.process.id, {
      name: 'Manejo fitossanitário',
      deadline: addDays(today, 120),
      obligatory: false,
      sign: true,
      position: 2,
      fieldIds: [usesPesticides.id, applications.id, prescriptions.id, inspection.id],
      logic: {
        [usesPesticides.id]: { required: true },
        [applications.id]: {
          ...onlyIfApplied,
          required: true,
          columns: [
            { field_id: product.id, required: true },
            {
              field_id: dose.id,
              min: 0.01,
              max: 20,
              message: 'A dose deve ficar entre 0,01 e 20 L/ha',
            },
            { field_id: applicationDate.id, not_future: true },
            {
              field_id: prescription.id,
              pattern: 'RA 9999/9999',
              pattern_message: 'Informe o receituário no formato RA 0000/2026',
            },
          ],
        },
        [prescriptions.id]: onlyIfApplied,
      },
    });

    const farmingLicence = await createField(db, {
      name: 'Licença de Operação da lavoura (FEPAM)',
      type: 'text',
      proof: true,
    });
    const carReceipt = await createField(db, {
      name: 'Recibo de inscrição no CAR',
      type: 'text',
      proof: true,
    });
    await addProcessFields(db, sustainable.process.id, [farmingLicence.id, carReceipt.id]);

    // Arroz de Qualidade Superior: what leaves the dryer and the silo.
    const superiorStampId = newId();
    const superior = await createSeal(db, {
      process: {
        description: `Certificação Arroz de Qualidade Superior — safra ${safra}`,
        notice: `Edital AgroSelo/UFPel nº 02/${year}: chamada pública para a certificação de lotes de arroz com padrão de qualidade superior.`,
        startDate: addDays(today, -15),
        endDate: addDays(today, 240),
        validityStart: addDays(today, -15),
        validityEnd: addDays(today, 365 - 16),
        released: true,
        createdBy: admin.id,
        safra: safraOf(today),
      },
      stamp: {
        id: superiorStampId,
        name: 'Arroz de Qualidade Superior',
        description:
          'Atesta lotes de arroz em casca com alto rendimento de grãos inteiros, baixo índice de defeitos e classificação Tipo 1 segundo o padrão oficial do MAPA.',
        features: [
          'Classificação Tipo 1 (IN MAPA nº 6/2009)',
          'Rendimento de grãos inteiros acima de 58%',
          'Umidade de armazenagem de até 13%',
        ],
        ...(await sealImage(storage, superiorStampId, 'arroz-qualidade-superior.svg')),
      },
    });

    const harvestStart = await createField(db, {
      name: 'Início da colheita',
      type: 'date',
    });
    const harvestMoisture = await createField(db, {
      name: 'Umidade do grão na colheita (%)',
      type: 'text',
    });
    const controlledDrying = await createField(db, {
      name: 'Secagem com controle de temperatura',
      type: 'bool',
    });
    const lotId = await createField(db, { name: 'Identificação do lote', type: 'text' });
    const lotWeight = await createField(db, { name: 'Peso (sacas de 50 kg)', type: 'text' });
    const siloEntry = await createField(db, { name: 'Entrada no silo', type: 'date' });
    const lots = await createField(db, {
      name: 'Lotes armazenados',
      type: 'form',
      children: [lotId.id, lotWeight.id, siloEntry.id],
    });
    await createForm(db, superior.process.id, {
      name: 'Colheita e pós-colheita',
      deadline: addDays(today, 150),
      obligatory: true,
      sign: false,
      position: 0,
      fieldIds: [harvestStart.id, harvestMoisture.id, controlledDrying.id, lots.id],
    });

    const sampling = await createField(db, {
      name: 'Data e hora da amostragem',
      type: 'datetime',
    });
    const report = await createField(db, {
      name: 'Laudo de classificação vegetal',
      type: 'text',
      proof: true,
    });
    const wholeGrains = await createField(db, {
      name: 'Rendimento de grãos inteiros (%)',
      type: 'text',
    });
    await createForm(db, superior.process.id, {
      name: 'Classificação do lote',
      deadline: addDays(today, 200),
      obligatory: true,
      sign: true,
      position: 1,
      fieldIds: [sampling.id, report.id, wholeGrains.id],
    });
    const storageLicence = await createField(db, {
      name: 'Licença de Operação da unidade de secagem e armazenamento',
      type: 'text',
      proof: true,
    });
    await addProcessFields(db, superior.process.id, [storageLicence.id]);

    // A draft: admins see it among the processes, nobody else does.
    const organic = await createSeal(db, {
      process: {
        description: `Certificação Arroz Orgânico do Pampa — safra ${safra}`,
        notice: `Minuta do edital AgroSelo/UFPel nº 03/${year}, em elaboração.`,
        startDate: addDays(today, 60),
        endDate: addDays(today, 300),
        validityStart: addDays(today, 60),
        validityEnd: addDays(today, 60 + 2 * 365),
        released: false,
        createdBy: admin.id,
        safra: safraOf(today),
      },
      stamp: {
        name: 'Arroz Orgânico do Pampa',
        description:
          'Em elaboração: reconhecerá o arroz cultivado sem agrotóxicos nem adubos sintéticos, com certificação orgânica reconhecida pelo MAPA.',
        features: ['Produção orgânica certificada', 'Sem agrotóxicos nem adubos sintéticos'],
      },
    });
    const conversion = await createField(db, {
      name: 'Período de conversão orgânica concluído',
      type: 'bool',
      proof: true,
    });
    const certifier = await createField(db, {
      name: 'Certificadora ou OPAC responsável',
      type: 'text',
    });
    await createForm(db, organic.process.id, {
      name: 'Plano de manejo orgânico',
      deadline: addDays(today, 200),
      obligatory: true,
      sign: true,
      fieldIds: [conversion.id, certifier.id],
    });

    const otherProducer = await createUser(db, {
      email: 'marta.bianchi@agroselo.local',
      password: DEMO_PASSWORD,
      firstName: 'Marta',
      lastName: 'Bianchi Gomes',
      phone: '53999127654',
      role: 'owner',
      pending: false,
    });
    const lagoaMirim = await createProperty(db, {
      owner: otherProducer,
      businessName: 'Fazenda Lagoa Mirim',
      businessType: 'Fazenda',
      cnpj: '87451236000122',
      municipality: 'Santa Vitória do Palmar',
      irga: '3308214',
      latitude: -33.5189,
      longitude: -53.3681,
      carN: 'RS43173017E2B9D4C1A8F3E6B5D0C7A9F2E4B1D3',
      farmingLoNumber: '02268/2024-DL',
      farmingLoValidity: addDays(today, 2 * 365 + 90),
      dryingAndStockLoNumber: '05517/2024-DL',
      dryingAndStockLoValidity: addDays(today, 365 + 200),
      place: 'Curral Alto',
      responsibleName: 'Marta Bianchi Gomes',
    });
    const coxilhaVerde = await createProperty(db, {
      owner: otherProducer,
      businessName: 'Agropecuária Coxilha Verde',
      businessType: 'Agropecuária',
      cnpj: '61503827000102',
      municipality: 'São Lourenço do Sul',
      irga: '2879051',
      latitude: -31.3653,
      longitude: -51.9781,
      carN: 'RS43188057B4C2E9F1A8D3C6B0E5F2A7D9C4B1E6',
      farmingLoNumber: '03391/2025-DL',
      farmingLoValidity: addDays(today, 3 * 365 + 30),
      dryingAndStockLoNumber: '06024/2025-DL',
      dryingAndStockLoValidity: addDays(today, 3 * 365),
      place: 'Boqueirão',
      responsibleName: 'Marta Bianchi Gomes',
      responsibleTechnicianName: 'Eduardo Klug',
      responsibleTechnicianPhone: '53981234400',
      responsibleTechnicianCrea: '00000003456789',
    });

    const waiting = await createInstance(db, {
      process: superior.process,
      property: lagoaMirim,
      createdAt: daysAgo(2),
    });
    const accepted = await createInstance(db, {
      process: sustainable.process,
      property: coxilhaVerde,
      technician,
      createdAt: daysAgo(6),
    });
    // Started: its forms exist, the first already finished by the producer.
    const { instance: ongoing, forms: startedForms } = await startedInstance(db, {
      process: sustainable.process,
      property,
      technician,
      createdAt: daysAgo(20),
    });
    await db
      .update(formInstances)
      .set({ commited: true, commitedAt: daysAgo(12), commitedBy: producer.id })
      .where(
        and(
          eq(formInstances.processInstanceId, ongoing.id),
          eq(formInstances.formId, characterization.id),
        ),
      );
    // ── forms: what the producer has filled in so far ──
    const startedForm = (formId: string) => startedForms.find((row) => row.formId === formId)!.id;
    await fillFormFields(
      db,
      startedForm(characterization.id),
      {
        [cultivar.id]: 'IRGA 424 RI',
        [area.id]: '182.5',
        [sowing.id]: addDays(today, -40),
        [pregerminated.id]: 'false',
      },
      producer,
    );
    await fillFormFields(
      db,
      startedForm(irrigation.id),
      { [waterSource.id]: 'Barragem própria no Arroio Duro, com canal de adução de 2,3 km' },
      producer,
    );
    const phytosanitary = startedForm(phytosanitaryForm.id);
    await fillFormFields(db, phytosanitary, { [usesPesticides.id]: 'true' }, producer);
    await addTableRow(
      db,
      phytosanitary,
      applications.id,
      {
        [product.id]: 'Herbicida pré-emergente (clomazona)',
        [dose.id]: '0.9',
        [applicationDate.id]: addDays(today, -35),
        [prescription.id]: 'RA 2025/0147',
      },
      producer,
    );
    await addTableRow(
      db,
      phytosanitary,
      applications.id,
      {
        [product.id]: 'Fungicida (azoxistrobina)',
        [dose.id]: '0.4',
        [applicationDate.id]: addDays(today, -8),
      },
      producer,
    );

    // Concluded and approved: the seal page lists its holder and the certificate verifies.
    const { instance: certified, forms: certifiedForms } = await startedInstance(db, {
      process: sustainable.process,
      property: lagoaMirim,
      technician,
      finished: true,
      approved: true,
      finishNote: 'Lavoura vistoriada: manejo da água e defensivos conforme o protocolo.',
      createdAt: daysAgo(28),
    });
    // Answered, so its renewal for the next safra starts pre-filled (demo-safras.ts).
    const lastSeasonAnswers = {
      [characterization.id]: {
        [cultivar.id]: 'BRS Pampeira',
        [area.id]: '214.5',
        [sowing.id]: addDays(today, -370),
        [pregerminated.id]: 'true',
      },
      [irrigation.id]: {
        [waterSource.id]: 'Lagoa Mirim, por bombeamento com outorga do DRH',
        [waterGrant.id]: 'true',
      },
    };
    for (const form of certifiedForms) {
      const answers = form.formId ? lastSeasonAnswers[form.formId] : undefined;
      if (answers) await fillFormFields(db, form.id, answers, otherProducer);
    }
    await db
      .update(formInstances)
      .set({ commited: true, commitedAt: daysAgo(10) })
      .where(eq(formInstances.processInstanceId, certified.id));
    await db
      .update(processInstances)
      .set({ finishedAt: daysAgo(3), updatedAt: daysAgo(3) })
      .where(eq(processInstances.id, certified.id));
    const certificate = await createCertificate(db, {
      instance: certified,
      number: DEMO_CERTIFICATE_NUMBER,
      issuedAt: daysAgo(3),
    });
    await recordEvent(db, {
      instanceId: certified.id,
      actorId: technician.id,
      type: 'approved',
      message: `${messages.certificates.eventApproved(`${technician.firstName} ${technician.lastName}`, certificate.number)}. Parecer: ${certified.finishNote}`,
      at: daysAgo(3),
    });

    const startedField = (formId: string, fieldId: string) =>
      startedForms.find((row) => row.formId === formId)!.fieldInstanceOf(fieldId);
    const review = await seedReviewDemo(db, storage, {
      today,
      admin,
      technician,
      producer,
      ongoing,
      finishedForm: startedForm(characterization.id),
      finishedField: startedField(characterization.id, cultivar.id),
      openForm: startedForm(irrigation.id),
      openField: startedField(irrigation.id, waterSource.id),
      openWhere: messages.review.where('Manejo da irrigação', 'Fonte de água da irrigação'),
      documentsForm: startedForms.find((row) => row.formId === null)?.id ?? null,
      committeeProperty: coxilhaVerde,
    });
    const safras = await seedSafrasDemo(db, storage, {
      today,
      admin,
      technician,
      owner: otherProducer,
      sustainableProcessId: sustainable.process.id,
      superiorProcessId: superior.process.id,
      answers: lastSeasonAnswers,
      confirmedFieldIds: [cultivar.id, sowing.id],
    });
    const office = await seedOfficeDemo(db, { today, safra: safraOf(today), technician });
    await seedRequestFacts(db, daysAgo(3));

    return {
      certified: { instanceId: certified.id, number: certificate.number },
      review,
      safras,
      admin,
      technician,
      producer,
      propertyId: property.id,
      releasedProcessIds: [sustainable.process.id, superior.process.id],
      draftProcessId: organic.process.id,
      otherProducer,
      otherPropertyIds: [lagoaMirim.id, coxilhaVerde.id],
      instances: { waiting: waiting.id, accepted: accepted.id, ongoing: ongoing.id },
      office,
    };
  });
}
