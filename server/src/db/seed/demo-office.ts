import { addDays } from './demo-dates';
import type { Db } from '../client';
import {
  createFormInstances,
  createInspections,
  createInstances,
  createPendencies,
  createProperties,
  createSeal,
  createUsers,
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
  // Many rows a statement (createUsers, createProperties, createInstances): one by one, the 240
  // requests tripled the demo's seeding time.
  const people = await createUsers(db, [
    ...TECHNICIANS.map(([firstName, lastName, crea]) => ({
      role: 'technician' as const,
      firstName,
      lastName,
      crea,
      pending: false,
      email: `${firstName
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()}.tecnica@agroselo.local`,
    })),
    ...Array.from({ length: PRODUCERS }, () => ({ role: 'owner' as const, pending: false })),
  ]);
  const technicians = [input.technician, ...people.slice(0, TECHNICIANS.length)];
  const producers = people.slice(TECHNICIANS.length);

  const requests = Array.from({ length: OFFICE_REQUESTS }, (_, n) => ({
    n,
    state: STATES[(n * 7) % STATES.length]!,
    technician: technicians[(n * 3) % technicians.length]!,
  }));
  const farms = await createProperties(
    db,
    requests.map(({ n }) => ({
      owner: producers[n % PRODUCERS]!,
      businessName: `${PREFIXES[n % PREFIXES.length]} ${PLACES[Math.floor(n / PREFIXES.length) % PLACES.length]} ${n + 1}`,
      municipality: MUNICIPALITIES[(n * 5) % MUNICIPALITIES.length]!,
    })),
  );
  const instances = await createInstances(
    db,
    requests.map(({ n, state, technician }) => {
      const evaluated = state !== 'waiting' && state !== 'assigned';
      return {
        process,
        property: farms[n]!,
        technician: evaluated ? technician : null,
        assignee: state === 'assigned' ? technician : null,
        rejected: state === 'rejected',
        initiated: state === 'ongoing' || state === 'finished',
        finished: state === 'finished',
        // Concluded without approval: a certificate would reach the public registry's listing.
        approved: state === 'finished' ? false : undefined,
        // Ages from a day to four months: some past the workload's threshold.
        createdAt: day(1 + ((n * 37) % 120)),
      };
    }),
  );
  const ongoing = requests.filter(({ state }) => state === 'ongoing');
  const forms = await createFormInstances(
    db,
    ongoing.map(({ n }) => ({ instance: instances[n]! })),
  );
  await createPendencies(
    db,
    ongoing.flatMap(({ n, technician }, at) =>
      n % 3 === 0
        ? [
            {
              instance: instances[n]!,
              formInstanceId: forms[at]!.id,
              by: technician,
              // Every other one already past its due date: 'com pendência atrasada'.
              dueDate: addDays(input.today, n % 2 === 0 ? -5 : 10),
            },
          ]
        : [],
    ),
  );
  await createInspections(
    db,
    ongoing
      .filter(({ n }) => n % 4 === 1)
      .map(({ n, technician }) => ({ instance: instances[n]!, by: technician })),
  );
  return { processId: process.id, technicians };
}
