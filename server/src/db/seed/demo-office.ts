import { addDays } from './demo-dates';
import type { Db } from '../client';
import {
  createFormInstance,
  createInspection,
  createInstance,
  createPendency,
  createProperty,
  createSeal,
  createUser,
  type UserRow,
} from './factories';

/**
 * The office at scale (issue 43): a safra of a few hundred requests of the seal IRGA runs, Selo
 * Ambiental, across the six IRGA regions and five technicians, in every state and age, so the
 * staff tables, their filters and the workload board show something worth looking at. Built with
 * the factories, as the rest of the demo; the same on every seed (names, regions, states), but
 * for the dates, which follow `today`.
 */

/** Municipalities of each region (contracts/src/regions.ts), none the journeys search for. */
const MUNICIPALITIES = [
  'Itaqui',
  'São Borja',
  'Alegrete',
  'Dom Pedrito',
  'São Gabriel',
  'Rosário do Sul',
  'Cachoeira do Sul',
  'Restinga Sêca',
  'São Sepé',
  'Tapes',
  'Arambaré',
  'Mostardas',
  'Palmares do Sul',
  'Santa Vitória do Palmar',
  'Arroio Grande',
  'Jaguarão',
];
const PREFIXES = ['Granja', 'Fazenda', 'Estância', 'Lavoura', 'Sítio', 'Agropecuária'];
const PLACES = [
  'Boa Vista',
  'São José',
  'Três Marias',
  'Capão Alto',
  'Bom Retiro',
  'Santa Rita',
  'Banhado Grande',
  'São Pedro',
  'Rincão',
  'Butiá',
  'Figueira',
  'Timbaúva',
  'Açude Velho',
  'Cerro Azul',
  'Ipê Amarelo',
  'Sanga Funda',
  'Passo Real',
  'Coqueiros',
  'Vista Alegre',
  'Pontal',
];
const TECHNICIANS = [
  ['Mariana', 'Lopes Vieira', '00000003456789'],
  ['Tiago', 'Becker Zanella', '00000004567890'],
  ['Lúcia', 'Fagundes Brandão', '00000005678901'],
  ['Otávio', 'Saldanha Peixoto', '00000006789012'],
] as const;
export const OFFICE_REQUESTS = 240;
const PRODUCERS = 8;

type State = 'waiting' | 'assigned' | 'accepted' | 'ongoing' | 'rejected' | 'finished';
/** Out of 20: most requests open, as in the middle of a season. */
const STATES: State[] = [
  ...Array<State>(4).fill('waiting'),
  ...Array<State>(3).fill('assigned'),
  ...Array<State>(3).fill('accepted'),
  ...Array<State>(6).fill('ongoing'),
  ...Array<State>(2).fill('rejected'),
  ...Array<State>(2).fill('finished'),
];

export async function seedOfficeDemo(
  db: Db,
  input: { today: string; safra: string; technician: UserRow },
): Promise<{ processId: string; technicians: UserRow[] }> {
  const day = (daysAgo: number) => new Date(`${addDays(input.today, -daysAgo)}T12:00:00-03:00`);
  const { process } = await createSeal(db, {
    process: {
      description: `Selo Ambiental da Lavoura de Arroz Irrigado — safra ${input.safra}`,
      safra: input.safra,
      startDate: addDays(input.today, -150),
      endDate: addDays(input.today, 60),
      validityStart: addDays(input.today, 90),
      validityEnd: addDays(input.today, 455),
    },
    stamp: {
      name: 'Selo Ambiental IRGA',
      description: 'Lavoura de arroz irrigado conduzida com boas práticas ambientais.',
      features: [
        'Licenças ambientais da lavoura e da secagem em dia',
        'Uso racional da água de irrigação',
        'Destino correto das embalagens de defensivos',
      ],
    },
  });
  const technicians = [input.technician];
  for (const [firstName, lastName, crea] of TECHNICIANS)
    technicians.push(
      await createUser(db, {
        role: 'technician',
        firstName,
        lastName,
        crea,
        pending: false,
        email: `${firstName
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()}.tecnica@agroselo.local`,
      }),
    );
  const producers: UserRow[] = [];
  for (let n = 0; n < PRODUCERS; n++)
    producers.push(await createUser(db, { role: 'owner', pending: false }));

  for (let n = 0; n < OFFICE_REQUESTS; n++) {
    const state = STATES[(n * 7) % STATES.length]!;
    const technician = technicians[(n * 3) % technicians.length]!;
    const property = await createProperty(db, {
      owner: producers[n % PRODUCERS]!,
      businessName: `${PREFIXES[n % PREFIXES.length]} ${PLACES[Math.floor(n / PREFIXES.length) % PLACES.length]} ${n + 1}`,
      municipality: MUNICIPALITIES[(n * 5) % MUNICIPALITIES.length]!,
    });
    const evaluated = state !== 'waiting' && state !== 'assigned';
    const instance = await createInstance(db, {
      process,
      property,
      technician: evaluated ? technician : null,
      assignee: state === 'assigned' ? technician : null,
      rejected: state === 'rejected',
      initiated: state === 'ongoing' || state === 'finished',
      finished: state === 'finished',
      // Concluded without approval: a certificate would reach the public registry's listing.
      approved: state === 'finished' ? false : undefined,
      // Ages from a day to four months: some past the workload's threshold.
      createdAt: day(1 + ((n * 37) % 120)),
    });
    if (state !== 'ongoing') continue;
    const form = await createFormInstance(db, { instance });
    if (n % 3 === 0)
      await createPendency(db, {
        instance,
        formInstanceId: form.id,
        by: technician,
        // Every other one already past its due date: 'com pendência atrasada'.
        dueDate: addDays(input.today, n % 2 === 0 ? -5 : 10),
      });
    if (n % 4 === 1) await createInspection(db, { instance, by: technician });
  }
  return { processId: process.id, technicians };
}
