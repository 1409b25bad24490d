/**
 * The benchmark's data set, written in SQL (generate_series) so that 30,000 instances and their
 * forms load in seconds on PostgreSQL and in PGlite alike. Rows are the kind the product writes:
 * CNPJs and CPFs with valid check digits, `search_text` as normalizeSearch keeps it, UUIDv7 ids in
 * creation order, instances spread across every state, chains of three requests of one seal on one
 * property, and one instance whose timeline has 20 events and whose field book has 40 fields and a
 * 20-row table.
 */

import { IRGA_REGIONS, municipalityKeysOf } from '@agroselo/contracts';

export interface SeedSize {
  users: number;
  properties: number;
  instances: number;
  /**
   * Every instance on the field book seal, so that one process holds them all (the answers
   * export's heaviest file): each property's requests form one chain (a new request after the
   * last one was concluded), the older ones concluded; the field book has five fields and its
   * Lista, with LIST_ROWS rows in every started instance.
   */
  oneSeal?: boolean;
}

export const LARGE: SeedSize = { users: 5_000, properties: 10_000, instances: 30_000 };
export const SMALL: SeedSize = { ...LARGE, instances: 1_000 };

export const BENCH_PASSWORD = 'bench-senha-123';
export const BENCH_LOGINS = {
  admin: 'admin@bench.agroselo.local',
  technician: 'tecnico@bench.agroselo.local',
  owner: 'produtor@bench.agroselo.local',
} as const;

/** Ids the URL table needs, read back after the seed. */
export interface SeedTargets {
  /** Oldest instance of a chain of three on the bench owner's farm; 20 events on its timeline. */
  chainInstanceId: string;
  /** The latest instance of that chain, started, holding the 40-field form instance. */
  formInstanceParentId: string;
  formInstanceId: string;
  ownerPropertyId: string;
}

export interface SeedCounts {
  users: number;
  properties: number;
  process_instances: number;
  form_instances: number;
  field_instances: number;
  events: number;
}

export interface SqlRunner {
  exec(sql: string): Promise<unknown>;
  rows<T>(sql: string): Promise<T[]>;
}

const TECHNICIANS = 50;
/** Users 1..FIRST_OWNER-1 are the admin and technicians; owners follow, then plain accounts. */
const FIRST_OWNER = TECHNICIANS + 2;
const PROCESSES = 9; // 1..7 released seals with many requests, 8 the field book seal, 9 a draft
const FORMS_PER_PROCESS = 3;
const FIELDS_PER_FORM = 5;
const BIG_FORM_FIELDS = 40;
const TABLE_COLUMNS = 4;
const TABLE_ROWS = 20;
const LIST_ROWS = 2;
const FIELD_BOOK = 8;
/** The seal of process FIELD_BOOK: the chains, and with `oneSeal` every instance. */
export const FIELD_BOOK_SEAL = 'Caderno de Campo';
const TIMELINE_EVENTS = 20;

/** An answer of the kind a field of that type stores; the Lista itself holds none. */
const ANSWER_BY_TYPE = `case f.type when 'date' then '2025-10-15' when 'datetime' then '2025-10-15T08:30:00-03:00'
                          when 'bool' then 'true' when 'form' then null else 'IRGA 424 RI' end`;

const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** regionOf (contracts/src/regions.ts) in SQL, for a municipality already as its key. */
const REGION_OF_KEY = (key: string) =>
  `case ${IRGA_REGIONS.map((region) => `when ${key} in (${municipalityKeysOf(region).map(lit).join(', ')}) then ${lit(region)}`).join(' ')} else 'outras' end`;
const array = (values: readonly string[]) => `array[${values.map(lit).join(',')}]`;

const FIRST_NAMES = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Antônio',
  'Francisca',
  'Luís',
  'Márcia',
  'Sérgio',
  'Lúcia',
  'Cláudio',
  'Patrícia',
  'Rogério',
  'Fabíola',
  'André',
  'Cecília',
  'Vinícius',
  'Letícia',
  'Júlio',
  'Tânia',
  'Otávio',
  'Bárbara',
  'Caio',
  'Débora',
  'Élio',
  'Gisele',
  'Ângelo',
  'Helena',
  'Ivã',
  'Joana',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Lima',
  'Araújo',
  'Fernandes',
  'Carvalho',
  'Gomes',
  'Martins',
  'Rocha',
  'Ribeiro',
  'Schneider',
  'Müller',
  'Weber',
  'Becker',
  'Zanella',
  'Bortolini',
  'Conceição',
  'Brandão',
  'Gonçalves',
  'Simões',
  'Falcão',
  'Assunção',
  'Magalhães',
  'Peixoto',
  'Fagundes',
  'Dorneles',
  'Pimentel',
  'Saldanha',
  'Lopes',
  'Vieira',
  'Barcellos',
  'Tavares',
  'Machado',
];
const PREFIXES = ['Granja', 'Fazenda', 'Estância', 'Sítio', 'Agropecuária', 'Lavoura'];
const PLACES = [
  'Santa Clara',
  'Boa Vista',
  'São José',
  'Três Marias',
  'Capão Alto',
  'Bom Retiro',
  'Santa Rita',
  'Passo Fundo',
  'Coxilha Verde',
  'Banhado Grande',
  'São Pedro',
  'Rincão',
  'Butiá',
  'Figueira',
  'Timbaúva',
  'Açude Velho',
  'Lagoa Mirim',
  'Cerro Azul',
  'Ipê Amarelo',
  'Sanga Funda',
];
const MUNICIPALITIES = [
  'Camaquã',
  'São Borja',
  'Uruguaiana',
  'Itaqui',
  'Santa Vitória do Palmar',
  'Arroio Grande',
  'Dom Pedrito',
  'Alegrete',
  'Cachoeira do Sul',
  'Mostardas',
  'Palmares do Sul',
  'Capão do Leão',
  'Pelotas',
  'Rio Grande',
  'Jaguarão',
  'São Gabriel',
  'Restinga Sêca',
  'Agudo',
  'Viamão',
  'Tapes',
  'Manoel Viana',
  'Maçambará',
  'São Sepé',
  'Formigueiro',
  'Santa Maria',
];
const SEALS = [
  [
    'Arroz Qualidade Superior',
    'Grãos inteiros, classificação tipo 1 e rastreabilidade da lavoura.',
  ],
  ['Arroz Sustentável RS', 'Uso racional da água e manejo integrado na lavoura de arroz irrigado.'],
  ['Arroz Orgânico Gaúcho', 'Produção sem agrotóxicos, certificada do plantio ao beneficiamento.'],
  ['Origem Pampa', 'Arroz cultivado e beneficiado no bioma Pampa.'],
  ['Boas Práticas Agrícolas', 'Segurança do trabalho, destino de embalagens e registros de campo.'],
  ['Baixo Carbono', 'Emissões medidas e reduzidas no manejo da lavoura.'],
  ['Água Responsável', 'Outorga, medição e reuso da água de irrigação.'],
  [FIELD_BOOK_SEAL, 'Registro completo das operações da safra.'],
  ['Arroz Parboilizado Premium', 'Em elaboração.'],
];
const FIELD_TYPES = ['text', 'text', 'date', 'bool', 'text', 'datetime'];
const FIELD_NAMES = [
  'Cultivar semeada',
  'Data de semeadura',
  'Área plantada (ha)',
  'Análise de solo realizada',
  'Produtividade estimada (sc/ha)',
  'Data da colheita',
  'Fonte da água de irrigação',
  'Outorga de uso da água',
  'Destino das embalagens',
  'Responsável pela aplicação',
  'Adubação de base',
  'Controle de plantas daninhas',
  'Data da última aplicação',
  'Secagem própria',
  'Umidade na colheita (%)',
];

/** Plain SQL helpers, dropped when the seed ends. */
const HELPERS = `
create schema bench;

-- A UUIDv7 for creation time ts: its milliseconds, then the random bits of a v4 UUID.
create function bench.uuid7(ts timestamptz) returns uuid language sql volatile as $$
  select (lpad(to_hex(floor(extract(epoch from ts) * 1000)::bigint), 12, '0') || '7'
          || substr(r, 14, 3) || substr(r, 17, 16))::uuid
  from (select replace(gen_random_uuid()::text, '-', '') as r) random
$$;

create function bench.check_digit(digits int[], weights int[]) returns int language sql immutable as $$
  select case when s % 11 < 2 then 0 else 11 - s % 11 end
  from (select sum(d * w) as s from unnest(digits, weights) as t(d, w)) sums
$$;

create function bench.cnpj(n bigint) returns text language plpgsql immutable as $$
declare d int[];
begin
  d := array(select substr(lpad(((n * 7919 + 10000019) % 100000000)::text, 8, '0') || '0001', k, 1)::int
             from generate_series(1, 12) k);
  d := d || bench.check_digit(d, '{5,4,3,2,9,8,7,6,5,4,3,2}');
  d := d || bench.check_digit(d, '{6,5,4,3,2,9,8,7,6,5,4,3,2}');
  return array_to_string(d, '');
end $$;

create function bench.cpf(n bigint) returns text language plpgsql immutable as $$
declare d int[];
begin
  d := array(select substr(lpad(((n * 104729 + 100000007) % 1000000000)::text, 9, '0'), k, 1)::int
             from generate_series(1, 9) k);
  d := d || bench.check_digit(d, '{10,9,8,7,6,5,4,3,2}');
  d := d || bench.check_digit(d, '{11,10,9,8,7,6,5,4,3,2}');
  return array_to_string(d, '');
end $$;

-- normalizeSearch: lower case, no accents, single spaces.
create function bench.norm(t text) returns text language sql immutable as $$
  select btrim(regexp_replace(lower(translate(t,
    'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç',
    'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc')), '\\s+', ' ', 'g'))
$$;

create function bench.pick(options text[], n bigint) returns text language sql immutable as $$
  select options[1 + (n % array_length(options, 1))]
$$;

-- safraOf (contracts/safras.ts): a season starts in July, '2025/26'.
create function bench.safra_of(d date) returns text language sql immutable as $$
  select y::text || '/' || lpad(((y + 1) % 100)::text, 2, '0')
  from (select extract(year from d)::int - case when extract(month from d) >= 7 then 0 else 1 end) s(y)
$$;

create table bench.targets (key text primary key, value text not null);
`;

export function seedSql(size: SeedSize, passwordHash: string): string[] {
  const { users: U, properties: P, instances: N, oneSeal = false } = size;
  if (U < FIRST_OWNER + 10 || P < 10) throw new Error('seed size too small');
  const owners = Math.min(Math.floor(U * 0.8), P);
  const lastOwner = FIRST_OWNER + owners - 1;
  // Chains of three on the field book seal (process 8); the rest are single requests.
  const chains = oneSeal ? 0 : Math.max(1, Math.floor(N / 100));
  const singles = N - 3 * chains;
  if (!oneSeal && singles > P * 7)
    throw new Error('more single requests than property × seal pairs');
  const epoch = `now() - interval '730 days'`;
  /** Creation time of item i of count over two years, oldest first. */
  const at = (i: string, count: number) =>
    `(${epoch} + (${i})::float8 / ${count} * interval '730 days')`;

  return [
    HELPERS,

    // ── users: 1 admin, technicians, owners, then plain accounts (some still pending) ──
    `create table bench.user_ids as
     select n, bench.uuid7(ts) as id, ts, first_name, last_name, role,
            case n when 1 then ${lit(BENCH_LOGINS.admin)} when 2 then ${lit(BENCH_LOGINS.technician)}
                   when ${FIRST_OWNER} then ${lit(BENCH_LOGINS.owner)}
                   else bench.norm(first_name || '.' || last_name) || '.' || n || '@exemplo.com.br' end as email
     from (
       select n, ${at('n', U)} as ts,
              bench.pick(${array(FIRST_NAMES)}, n) as first_name,
              bench.pick(${array(LAST_NAMES)}, n / 3) as last_name,
              case when n = 1 then 'admin' when n < ${FIRST_OWNER} then 'technician'
                   when n <= ${lastOwner} then 'owner' else 'user' end as role
       from generate_series(1, ${U}) n
     ) named`,
    `insert into users (id, email, first_name, last_name, cpf, phone, role, crea, password_hash,
                        pending, search_text, created_at, updated_at)
     select id, email, first_name, last_name, bench.cpf(n), '519' || lpad((n * 7)::text, 8, '0'),
            role, case when role = 'technician' then lpad((n * 31)::text, 14, '0') end,
            ${lit(passwordHash)}, role = 'user' and n % 7 = 0,
            bench.norm(first_name || ' ' || last_name || ' ' || email), ts, ts
     from bench.user_ids`,

    // ── properties: owners have one to three farms each; the bench owner's come first ──
    `create table bench.property_ids as
     select n, bench.uuid7(${at('n', P)}) as id, ${at('n', P)} as ts,
            ${FIRST_OWNER} + (n - 1) % ${owners} as owner_n
     from generate_series(1, ${P}) n`,
    `insert into properties (id, owner_id, business_name, business_type, cnpj, municipality, irga,
                             latitude, longitude, car_n, farming_lo_number, farming_lo_validity,
                             drying_and_stock_lo_number, drying_and_stock_lo_validity, place,
                             responsible_name, responsible_technician_name,
                             responsible_technician_phone, responsible_technician_crea,
                             municipality_key, region, search_text, created_at, updated_at)
     select p.id, u.id, name, case when p.n % 5 = 0 then 'Pessoa jurídica' else 'Produtor rural' end,
            cnpj, municipality, lpad((p.n * 13 % 1000000)::text, 6, '0'),
            -29.0 - (p.n % 300) / 100.0, -50.5 - (p.n % 400) / 100.0,
            'RS-' || (4300000 + p.n % 9999) || '-' || upper(md5(p.n::text)),
            'LO ' || lpad((p.n % 99999)::text, 5, '0') || '/2024',
            -- The bench owner's licences end within 60 days, so their pending list has rows.
            case when p.owner_n = ${FIRST_OWNER} then current_date + 20 + p.n % 30
                 else current_date + 365 + p.n % 700 end,
            'LO ' || lpad((p.n * 3 % 99999)::text, 5, '0') || '/2024', current_date + 200 + p.n % 500,
            'Estrada ' || bench.pick(${array(PLACES)}, p.n + 7) || ', km ' || (p.n % 40),
            u.first_name || ' ' || u.last_name,
            case when p.n % 3 = 0 then 'Eng. Agr. ' || bench.pick(${array(FIRST_NAMES)}, p.n) || ' Fagundes' end,
            case when p.n % 3 = 0 then '5332' || lpad((p.n % 1000000)::text, 7, '0') end,
            case when p.n % 3 = 0 then 'RS' || lpad((p.n * 17 % 999999)::text, 6, '0') end,
            bench.norm(municipality), ${REGION_OF_KEY('bench.norm(municipality)')},
            bench.norm(name || ' ' || cnpj || ' ' || municipality), p.ts, p.ts
     from (
       select p.*, bench.cnpj(p.n) as cnpj,
              bench.pick(${array(PREFIXES)}, n) || ' ' || bench.pick(${array(PLACES)}, n / 6)
                || case when n % 4 = 0 then ' ' || bench.pick(${array(LAST_NAMES)}, n / 11) else '' end as name,
              bench.pick(${array(MUNICIPALITIES)}, n * 7 + n / 25) as municipality
       from bench.property_ids p
     ) p
     join bench.user_ids u on u.n = p.owner_n`,

    // ── seals: processes 1..8 released, 9 a draft; three forms each, process-level documents ──
    `create table bench.process_src as
     select n, bench.uuid7(${epoch}) as id, (${array(SEALS.map((seal) => seal[0]!))})[n] as name,
            (${array(SEALS.map((seal) => seal[1]!))})[n] as description
     from generate_series(1, ${PROCESSES}) n`,
    `insert into processes (id, description, notice, safra, start_date, end_date, validity_start,
                            validity_end, released, created_by, created_at, updated_at)
     select id, 'Ciclo de certificação ' || name || ' — safra 2025/2026',
            'Edital de chamada pública nº ' || n || '/2025 para o selo ' || name || '.',
            bench.safra_of(current_date - 400),
            current_date - 400, current_date + 365, current_date - 200, current_date + 700,
            n < ${PROCESSES}, (select id from bench.user_ids where n = 1), ${epoch}, ${epoch}
     from bench.process_src`,
    `create table bench.process_ids as select n, id from bench.process_src`,
    `insert into stamps (id, process_id, name, description, features, image_key, image_mime,
                         search_text, created_at)
     select bench.uuid7(${epoch}), id, name, description,
            jsonb_build_array('Rastreabilidade da lavoura', 'Auditoria anual',
                              'Análise laboratorial dos grãos', 'Selo numerado na embalagem'),
            'stamps/bench/' || n || '.svg', 'image/svg+xml', bench.norm(name), ${epoch}
     from bench.process_src`,

    // The field library: simple fields, one table (Lista) with its columns.
    `create table bench.field_ids as
     select n, bench.uuid7(${epoch}) as id, name, type
     from (
       select n, bench.pick(${array(FIELD_NAMES)}, n - 1) || case when n > ${FIELD_NAMES.length} then ' ' || n else '' end as name,
              bench.pick(${array(FIELD_TYPES)}, n) as type
       from generate_series(1, ${BIG_FORM_FIELDS + TABLE_COLUMNS}) n
       union all
       select ${BIG_FORM_FIELDS + TABLE_COLUMNS + 1}, 'Aplicações de defensivos', 'form'
     ) f`,
    `insert into fields (id, name, type, producer_read_only, proof, search_text, created_at)
     select id, name, type, n % 9 = 0, type <> 'form' and n % 6 = 0, bench.norm(name), ${epoch}
     from bench.field_ids`,
    // Columns of the table: the last TABLE_COLUMNS simple fields.
    `insert into field_children (parent_field_id, child_field_id, position)
     select (select id from bench.field_ids where type = 'form'), f.id, f.n - ${BIG_FORM_FIELDS}
     from bench.field_ids f where f.n > ${BIG_FORM_FIELDS} and f.type <> 'form'`,
    `insert into forms (id, process_id, name, deadline, obligatory, sign, position, created_at)
     select bench.uuid7(${epoch}), p.id,
            case when p.n = 8 and k = 0 then 'Caderno de campo'
                 else (array['Cadastro da lavoura', 'Manejo da safra', 'Colheita e pós-colheita'])[k + 1] end,
            current_date + 120 + k * 30, k < 2, k = 2, k, ${epoch}
     from bench.process_ids p, generate_series(0, ${FORMS_PER_PROCESS - 1}) k`,
    `create table bench.form_ids as
     select f.id, f.position as k, p.n as process_n, f.name
     from forms f join bench.process_ids p on p.id = f.process_id`,
    // Every form has FIELDS_PER_FORM fields, except the field book: 39 fields and the table.
    `insert into form_fields (form_id, field_id, position)
     select f.id, fl.id, fl.n - 1
     from bench.form_ids f
     join bench.field_ids fl
       on case when f.name = 'Caderno de campo'
               then (fl.n ${oneSeal ? `<= ${FIELDS_PER_FORM}` : `< ${BIG_FORM_FIELDS}`} or fl.type = 'form')
               else fl.n between 1 + f.k * ${FIELDS_PER_FORM} and (f.k + 1) * ${FIELDS_PER_FORM} end`,
    `insert into process_fields (process_id, field_id, position)
     select p.id, fl.id, fl.n - 1
     from bench.process_ids p join bench.field_ids fl on fl.n in (4, 6)`,

    // ── process instances: single requests on distinct farm × seal pairs, and chains of three ──
    `create table bench.instances as
     select n, property_n, process_n, parent_n, status, ts,
            bench.uuid7(ts) as id
     from (
       select n, (n - 1) % ${P} + 1 as property_n,
              ${oneSeal ? FIELD_BOOK : `((n - 1) % ${P} + 3 * ((n - 1) / ${P})) % 7 + 1`} as process_n,
              ${oneSeal ? `case when n > ${P} then n - ${P} end` : 'null::bigint'} as parent_n,
              -- The newest third of the requests is in every state; older ones are mostly closed
              -- (all of them when a newer request of the same seal follows on the property).
              case when n * 3 > ${singles} * 2 ${oneSeal ? `and n + ${P} > ${N}` : ''} then
                     case when n * 37 % 100 < 20 then 'waiting' when n * 37 % 100 < 35 then 'accepted'
                          when n * 37 % 100 < 80 then 'ongoing' when n * 37 % 100 < 88 then 'rejected'
                          else 'finished' end
                   ${
                     oneSeal
                       ? `when n + ${P} <= ${N} then
                     case when n * 37 % 100 < 15 then 'rejected' when n * 37 % 100 < 30 then 'failed'
                          else 'finished' end
                   `
                       : ''
                   }else
                     case when n * 37 % 100 < 10 then 'ongoing' when n * 37 % 100 < 25 then 'rejected'
                          else 'finished' end
              end as status,
              ${at('n', N)} as ts
       from generate_series(1, ${singles}) n
       union all
       select ${singles} + 3 * c + k + 1, c + 1, ${FIELD_BOOK},
              case when k > 0 then ${singles} + 3 * c + k end,
              (array['failed', 'rejected', 'ongoing'])[k + 1],
              ${at(`${singles} + c + ${chains} * k`, N)}
       from generate_series(0, ${chains - 1}) c, generate_series(0, 2) k
     ) i`,
    `insert into process_instances (id, process_id, property_id, requested_by, technician_id,
                                    parent_instance_id, rejected, initiated, finished, approved,
                                    finish_note, evaluated_at, started_at, finished_at,
                                    rice_area_ha, publish_consent, created_at, updated_at)
     select i.id, p.id, pr.id, owner.id, t.id, parent.id,
            i.status = 'rejected', i.status in ('ongoing', 'finished', 'failed'),
            i.status in ('finished', 'failed'),
            case when i.status = 'finished' then true when i.status = 'failed' then false end,
            case when i.status in ('finished', 'failed') then 'Vistoria concluída.' end,
            case when i.status <> 'waiting' then i.ts + interval '2 days' end,
            case when i.status in ('ongoing', 'finished', 'failed') then i.ts + interval '5 days' end,
            case when i.status in ('finished', 'failed') then i.ts + interval '60 days' end,
            20 + (i.n * 37) % 480 + (i.n % 100) / 100.0, i.status = 'finished' and i.n % 3 <> 0,
            i.ts, i.ts
     from bench.instances i
     join bench.process_ids p on p.n = i.process_n
     join bench.property_ids pr on pr.n = i.property_n
     join bench.user_ids owner on owner.n = pr.owner_n
     left join bench.user_ids t on i.status <> 'waiting' and t.n = 2 + i.n % ${TECHNICIANS}
     left join bench.instances parent on parent.n = i.parent_n
     order by i.ts, i.n`,

    // Form instances of every started instance: the forms of its seal and "Documentos".
    `insert into form_instances (id, process_instance_id, form_id, name, deadline, obligatory, sign,
                                 commited, commited_at, position, created_at)
     select bench.uuid7(i.ts + interval '5 days'), i.id, f.id,
            coalesce(f.name, 'Documentos'), f.deadline, coalesce(f.obligatory, true),
            coalesce(f.sign, false), i.status <> 'ongoing' or k < i.n % 4,
            case when i.status <> 'ongoing' or k < i.n % 4 then i.ts + interval '20 days' end,
            k, i.ts + interval '5 days'
     from bench.instances i
     join bench.process_ids p on p.n = i.process_n
     cross join generate_series(0, ${FORMS_PER_PROCESS}) k
     left join forms f on f.process_id = p.id and f.position = k - 1
     where i.status in ('ongoing', 'finished', 'failed')`,
    `insert into field_instances (id, form_instance_id, field_id, content, position, updated_by,
                                  created_at, updated_at)
     select bench.uuid7(fi.created_at), fi.id, fl.field_id,
            case when fi.commited or fl.position % 2 = 0 then ${ANSWER_BY_TYPE} end,
            fl.position, pi.requested_by, fi.created_at, fi.created_at
     from form_instances fi
     join process_instances pi on pi.id = fi.process_instance_id
     join lateral (
       select ff.field_id, ff.position from form_fields ff where ff.form_id = fi.form_id
       union all
       select pf.field_id, pf.position from process_fields pf
       where fi.form_id is null and pf.process_id = pi.process_id
     ) fl on true
     join fields f on f.id = fl.field_id`,
    ...(oneSeal
      ? [
          // Every field book's Lista: LIST_ROWS rows of its columns.
          `insert into field_instances (id, form_instance_id, field_id, parent_field_instance_id,
                                        row_id, content, position, updated_by, created_at, updated_at)
           select bench.uuid7(t.created_at), t.form_instance_id, c.child_field_id, t.id, r.row_id,
                  ${ANSWER_BY_TYPE}, c.position, t.updated_by, t.created_at, t.created_at
           from field_instances t
           join fields list on list.id = t.field_id and list.type = 'form'
           cross join lateral (
             select r, bench.uuid7(t.created_at + r * interval '1 minute') as row_id
             from generate_series(1, ${LIST_ROWS}) r
           ) r
           join field_children c on c.parent_field_id = list.id
           join fields f on f.id = c.child_field_id`,
        ]
      : []),

    // Timelines: requested, evaluated, started, finished, as the flags say.
    `insert into events (id, process_instance_id, actor_id, type, message, created_at)
     select bench.uuid7(i.created_at + e.after), i.id,
            coalesce(e.actor, i.requested_by), e.type, e.message, i.created_at + e.after
     from process_instances i
     cross join lateral (values
       ('requested', 'Selo solicitado', interval '0', null::uuid, true),
       (case when i.rejected then 'rejected' else 'accepted' end,
        case when i.rejected then 'Solicitação rejeitada' else 'Solicitação aceita' end,
        interval '2 days', i.technician_id, i.technician_id is not null),
       ('started', 'Processo iniciado', interval '5 days', null, i.initiated),
       ('finished', case when i.approved then 'Selo concedido' else 'Selo negado' end,
        interval '60 days', i.technician_id, i.finished)
     ) as e(type, message, after, actor, present)
     where e.present`,

    // The benchmark's own targets on the bench owner's first farm (property 1).
    `insert into bench.targets
     select 'chainInstanceId', id::text from bench.instances where property_n = 1 and process_n = 8 and parent_n is null
     union all
     select 'formInstanceParentId', id::text from bench.instances where property_n = 1 and process_n = 8 and status = 'ongoing'
     union all
     select 'ownerPropertyId', id::text from bench.property_ids where n = 1`,
    `insert into bench.targets
     select 'formInstanceId', fi.id::text from form_instances fi
     where fi.process_instance_id = (select value::uuid from bench.targets where key = 'formInstanceParentId')
       and fi.name = 'Caderno de campo'`,
    // The chain's root gets a long timeline: 20 events in all.
    `insert into events (id, process_instance_id, actor_id, type, message, created_at)
     select bench.uuid7(i.created_at + k * interval '1 day'), i.id, i.technician_id,
            'note', 'Vistoria ' || k || ' registrada', i.created_at + k * interval '1 day' + interval '1 hour'
     from process_instances i, generate_series(1, ${TIMELINE_EVENTS}) k
     where i.id = (select value::uuid from bench.targets where key = 'chainInstanceId')
       and k <= ${TIMELINE_EVENTS} - (select count(*) from events e where e.process_instance_id = i.id)`,
    // Its field book: the 20 rows of the table, TABLE_COLUMNS cells each.
    `with table_rows as materialized (
       select r, bench.uuid7(now()) as row_id from generate_series(1, ${TABLE_ROWS}) r
     )
     insert into field_instances (id, form_instance_id, field_id, parent_field_instance_id, row_id,
                                  content, position, updated_by, created_at, updated_at)
     select bench.uuid7(now()), t.form_instance_id, c.child_field_id, t.id, table_rows.row_id,
            'Linha ' || r || ' coluna ' || c.position, c.position, t.updated_by, now(), now()
     from field_instances t
     join fields f on f.id = t.field_id and f.type = 'form'
     join field_children c on c.parent_field_id = f.id
     cross join table_rows
     where t.form_instance_id = (select value::uuid from bench.targets where key = 'formInstanceId')`,
  ];
}

const BULK_TABLES = ['process_instances', 'form_instances', 'field_instances', 'events'];

const CLEANUP = `drop schema bench cascade`;

/** Loads the data set into a migrated, empty database. */
export async function seed(
  db: SqlRunner,
  size: SeedSize,
  passwordHash: string,
): Promise<{ targets: SeedTargets; counts: SeedCounts; loginEmails: string[] }> {
  await db.exec('begin');
  try {
    // Secondary indexes of the big tables are built once at the end rather than row by row.
    const indexes = await db.rows<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' and tablename in (${BULK_TABLES.map(lit).join(', ')})
         and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes) await db.exec(`drop index ${index.name}`);
    for (const statement of seedSql(size, passwordHash)) await db.exec(statement);
    for (const index of indexes) await db.exec(index.definition);
    const targetRows = await db.rows<{ key: keyof SeedTargets; value: string }>(
      'select key, value from bench.targets',
    );
    await db.exec(CLEANUP);
    await db.exec('commit');
    const targets = Object.fromEntries(targetRows.map((row) => [row.key, row.value])) as unknown;
    // As a database that has lived a while: autovacuum would otherwise vacuum the new rows during
    // the first minutes of measuring, and the first readers would write every page's hint bits.
    await db.exec('vacuum (analyze)');
    await db.exec('checkpoint');
    const [counts] = await db.rows<Record<keyof SeedCounts, string>>(
      `select ${[
        'users',
        'properties',
        'process_instances',
        'form_instances',
        'field_instances',
        'events',
      ]
        .map((table) => `(select count(*) from ${table}) as ${table}`)
        .join(', ')}`,
    );
    // Logins spread over many accounts, as real ones are: one account's logins are limited.
    const logins = await db.rows<{ email: string }>(
      `select email from users where role = 'owner' and not pending order by email limit 2000`,
    );
    return {
      loginEmails: logins.map((row) => row.email),
      targets: targets as SeedTargets,
      counts: Object.fromEntries(
        Object.entries(counts!).map(([key, value]) => [key, Number(value)]),
      ) as unknown as SeedCounts,
    };
  } catch (error) {
    await db.exec('rollback').catch(() => undefined);
    throw error;
  }
}
