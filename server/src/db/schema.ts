import {
  CERTIFICATE_STANDINGS,
  DEFAULT_FIELD_LOGIC,
  EXPIRY_ALERT_KINDS,
  FIELD_TYPES,
  PENDENCY_EVENT_TYPES,
  STANDING_REASONS,
  PENDENCY_STATUSES,
  RECOMMENDATION_OUTCOMES,
  REGIONS,
  type Region,
  SEAL_LEVELS,
  USER_EVENT_TYPES,
  type FieldLogic,
  type SealLevel,
} from '@agroselo/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Lower-cased, accent-free text kept by the app on every write; searched with a trigram index. */
const searchText = () => text('search_text').notNull().default('');
const trigram = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    cpf: text('cpf').notNull(),
    phone: text('phone').notNull(),
    role: text('role', { enum: ['user', 'owner', 'technician', 'admin', 'staff'] })
      .notNull()
      .default('user'),
    crea: text('crea'),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    pending: boolean('pending').notNull().default(true),
    /** Bumped on password or e-mail change and on disable: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    searchText: searchText(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    trigram('users_search_idx', t.searchText),
    /** The Usuários list's order: a page is read from the index, not sorted from every row. */
    index('users_list_idx').on(t.searchText, t.id),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /**
     * A `verify` code only activates an account, a `reset` code only sets a new password, a
     * `delete` code only confirms the deletion of the account.
     */
    purpose: text('purpose', { enum: ['verify', 'reset', 'delete'] })
      .notNull()
      .default('verify'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** The history of an account: who changed what, and when (written with the change itself). */
export const userEvents = pgTable(
  'user_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who made the change, or the account itself. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: USER_EVENT_TYPES }).notNull(),
    data: jsonb('data').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_events_user_idx').on(t.userId, t.createdAt),
    index('user_events_actor_idx').on(t.actorId),
  ],
);

/** Failed logins and code attempts per account, for the brute-force limit of DESIGN §7. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    kind: text('kind', { enum: ['password', 'code'] }).notNull(),
    accountKey: text('account_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_lookup_idx').on(t.kind, t.accountKey, t.createdAt)],
);

export const properties = pgTable(
  'properties',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    businessName: text('business_name').notNull(),
    businessType: text('business_type').notNull(),
    cnpj: text('cnpj').notNull(),
    municipality: text('municipality').notNull(),
    irga: text('irga').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    carN: text('car_n').notNull(),
    farmingLoNumber: text('farming_lo_number').notNull(),
    farmingLoValidity: date('farming_lo_validity', { mode: 'string' }).notNull(),
    dryingAndStockLoNumber: text('drying_and_stock_lo_number').notNull(),
    dryingAndStockLoValidity: date('drying_and_stock_lo_validity', { mode: 'string' }).notNull(),
    place: text('place').notNull(),
    responsibleName: text('responsible_name').notNull(),
    responsibleTechnicianName: text('responsible_technician_name'),
    responsibleTechnicianPhone: text('responsible_technician_phone'),
    responsibleTechnicianCrea: text('responsible_technician_crea'),
    /**
     * The municipality as `municipalityKey` writes it and its IRGA region (`regionOf`,
     * contracts/src/regions.ts), kept by the app on every write: the staff tables filter on them.
     */
    municipalityKey: text('municipality_key').notNull().default(''),
    region: text('region', { enum: REGIONS as [Region, ...Region[]] })
      .notNull()
      .default('outras'),
    searchText: searchText(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('properties_owner_idx').on(t.ownerId),
    index('properties_region_idx').on(t.region),
    index('properties_municipality_idx').on(t.municipalityKey),
    uniqueIndex('properties_cnpj_key').on(t.cnpj),
    trigram('properties_search_idx', t.searchText),
    /** The property list's order (modules/properties/service.ts): pages walk it. */
    index('properties_list_idx').on(sql`${t.searchText} collate "C"`, t.id),
  ],
);

/** A certification cycle of one seal. */
export const processes = pgTable(
  'processes',
  {
    id: id(),
    description: text('description').notNull(),
    notice: text('notice').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    validityStart: date('validity_start', { mode: 'string' }).notNull(),
    validityEnd: date('validity_end', { mode: 'string' }).notNull(),
    released: boolean('released').notNull().default(false),
    noticeFileKey: text('notice_file_key'),
    /** The levels granted (none, or Prata and Ouro) and whether a committee decides (DESIGN §4b). */
    levels: jsonb('levels').$type<SealLevel[]>().notNull().default([]),
    committee: boolean('committee').notNull().default(false),
    /** The crop season (`2026/27`) whose commercialisation its certificates cover. */
    safra: text('safra').notNull(),
    /** The same seal's process of the season before, which this one was copied from. */
    previousProcessId: uuid('previous_process_id').references((): AnyPgColumn => processes.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('processes_created_by_idx').on(t.createdBy),
    index('processes_released_idx').on(t.released),
    index('processes_safra_idx').on(t.safra),
    /** A season has one next season. */
    uniqueIndex('processes_previous_key').on(t.previousProcessId),
  ],
);

export const stamps = pgTable(
  'stamps',
  {
    id: id(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    imageKey: text('image_key'),
    imageMime: text('image_mime'),
    searchText: searchText(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stamps_process_key').on(t.processId),
    trigram('stamps_search_idx', t.searchText),
  ],
);

export const forms = pgTable(
  'forms',
  {
    id: id(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    obligatory: boolean('obligatory').notNull().default(false),
    sign: boolean('sign').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('forms_process_idx').on(t.processId)],
);

/** The library of fields; a `form` (Lista) field has columns, themselves fields. */
export const fields = pgTable(
  'fields',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type', { enum: FIELD_TYPES }).notNull(),
    producerReadOnly: boolean('producer_read_only').notNull().default(false),
    proof: boolean('proof').notNull().default(false),
    /** A 'Número''s unit label and decimal places (null for the other types). */
    unit: text('unit'),
    decimals: integer('decimals'),
    searchText: searchText(),
    createdAt: createdAt(),
  },
  (t) => [trigram('fields_search_idx', t.searchText)],
);

export const fieldChildren = pgTable(
  'field_children',
  {
    parentFieldId: uuid('parent_field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    childFieldId: uuid('child_field_id')
      .notNull()
      .references(() => fields.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.parentFieldId, t.childFieldId] }),
    index('field_children_child_idx').on(t.childFieldId),
  ],
);

/** Process-level fields ("documents"). */
export const processFields = pgTable(
  'process_fields',
  {
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.fieldId] }),
    index('process_fields_field_idx').on(t.fieldId),
  ],
);

export const formFields = pgTable(
  'form_fields',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id),
    position: integer('position').notNull().default(0),
    /**
     * The field's rules in this form (FieldLogic, snake_case as the wire): a field of the library
     * is shared by forms and seasons, its conditions read the other fields of one form.
     */
    logic: jsonb('logic').$type<FieldLogic>().notNull().default(DEFAULT_FIELD_LOGIC),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.fieldId] }),
    index('form_fields_field_idx').on(t.fieldId),
  ],
);

export const processInstances = pgTable(
  'process_instances',
  {
    id: id(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    requestedBy: uuid('requested_by').references(() => users.id),
    technicianId: uuid('technician_id').references(() => users.id),
    /**
     * The technician an admin assigned (docs/decisions/018): before the evaluation the one expected
     * to evaluate; from then on `technician_id` is the responsible technician and an assignment
     * changes both. Who answers for an instance is `coalesce(technician_id, assignee_id)`.
     */
    assigneeId: uuid('assignee_id').references(() => users.id),
    /**
     * The IRGA region of its property, copied by triggers (migration 0011) when the instance is
     * written and when the property's region changes: the office tables filter a region's requests
     * from an index of their own rather than through every property.
     */
    region: text('region', { enum: REGIONS as [Region, ...Region[]] })
      .notNull()
      .default('outras'),
    /** Its property's `municipality_key`, copied by the same triggers (migration 0013). */
    municipalityKey: text('municipality_key').notNull().default(''),
    /**
     * The time of the newest event of its timeline, kept by a trigger on `events` (migration
     * 0011); null reads as `created_at`.
     */
    lastActionAt: timestamp('last_action_at', { withTimezone: true }),
    /** The earlier instance of the same seal on the same property: this one is its child. */
    parentInstanceId: uuid('parent_instance_id').references((): AnyPgColumn => processInstances.id),
    rejected: boolean('rejected').notNull().default(false),
    initiated: boolean('initiated').notNull().default(false),
    finished: boolean('finished').notNull().default(false),
    approved: boolean('approved'),
    finishNote: text('finish_note'),
    /** The parecer técnico of a committee process, replaced until the decision. */
    recommendationOutcome: text('recommendation_outcome', { enum: RECOMMENDATION_OUTCOMES }),
    recommendationJustification: text('recommendation_justification'),
    recommendedBy: uuid('recommended_by').references(() => users.id),
    recommendedAt: timestamp('recommended_at', { withTimezone: true }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    /** Hectares of rice enrolled (null on requests made before it was asked). */
    riceAreaHa: numeric('rice_area_ha', { precision: 12, scale: 2, mode: 'number' }),
    /** Whether the producer agrees to appear in the public registry, and since when. */
    publishConsent: boolean('publish_consent').notNull().default(false),
    publishConsentAt: timestamp('publish_consent_at', { withTimezone: true }),
    /** A renewal: the previous season's certified instance of the same property. */
    renewalOfId: uuid('renewal_of_id').references((): AnyPgColumn => processInstances.id, {
      onDelete: 'set null',
    }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('process_instances_process_idx').on(t.processId),
    index('process_instances_property_idx').on(t.propertyId),
    index('process_instances_requested_by_idx').on(t.requestedBy),
    index('process_instances_technician_idx').on(t.technicianId),
    /** The staff tables' technician filter and the workload: who answers for the instance now. */
    index('process_instances_responsible_idx').on(
      sql`coalesce(${t.technicianId}, ${t.assigneeId})`,
      t.createdAt,
    ),
    index('process_instances_region_idx').on(t.region, t.createdAt),
    /** A region's open requests, the office's most common view, read from the index alone. */
    index('process_instances_open_region_idx')
      .on(t.region, t.createdAt, t.id)
      .where(sql`not ${t.finished} and not ${t.rejected}`),
    index('process_instances_municipality_idx').on(t.municipalityKey, t.createdAt, t.id),
    /** The requests assigned and not yet evaluated: the technicians' bells count them. */
    index('process_instances_assigned_awaiting_idx')
      .on(t.assigneeId)
      .where(sql`${t.technicianId} is null and not ${t.finished} and not ${t.rejected}`),
    index('process_instances_recommended_by_idx').on(t.recommendedBy),
    uniqueIndex('process_instances_parent_key').on(t.parentInstanceId),
    /** A certificate is renewed once (a rejected renewal may be asked again). */
    uniqueIndex('process_instances_renewal_key')
      .on(t.renewalOfId)
      .where(sql`not ${t.rejected}`),
    /**
     * The staff lists, newest first (scanned backwards, which is what `desc` means with NULLS
     * FIRST): Processos em andamento and the requests nobody has evaluated yet.
     */
    index('process_instances_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.finished} and not ${t.rejected}`),
    index('process_instances_awaiting_technician_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.technicianId} is null and not ${t.finished} and not ${t.rejected}`),
    /**
     * The office tables' other statuses (modules/instances/table.ts, STATUS_CONDITIONS), each
     * counted and paged from its own index, and all of them newest first.
     */
    index('process_instances_awaiting_producer_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.technicianId} is not null and not ${t.initiated} and not ${t.finished} and not ${t.rejected}`,
      ),
    index('process_instances_started_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.technicianId} is not null and ${t.initiated} and not ${t.finished} and not ${t.rejected}`,
      ),
    index('process_instances_finished_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.finished}`),
    index('process_instances_rejected_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.rejected} and not ${t.finished}`),
    index('process_instances_created_idx').on(t.createdAt, t.id),
    /** One open request per seal and property; a rejected or finished one may be followed. */
    uniqueIndex('process_instances_open_key')
      .on(t.processId, t.propertyId)
      .where(sql`not ${t.rejected} and not ${t.finished}`),
  ],
);

export const formInstances = pgTable(
  'form_instances',
  {
    id: id(),
    processInstanceId: uuid('process_instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    /** Null for the "Documentos" instance built from the process-level fields. */
    formId: uuid('form_id').references(() => forms.id),
    name: text('name').notNull(),
    deadline: date('deadline', { mode: 'string' }),
    obligatory: boolean('obligatory').notNull().default(false),
    sign: boolean('sign').notNull().default(false),
    commited: boolean('commited').notNull().default(false),
    commitedAt: timestamp('commited_at', { withTimezone: true }),
    commitedBy: uuid('commited_by').references(() => users.id),
    signedBy: uuid('signed_by').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signatureHash: text('signature_hash'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_instances_instance_idx').on(t.processInstanceId),
    index('form_instances_form_idx').on(t.formId),
    index('form_instances_signed_by_idx').on(t.signedBy),
    index('form_instances_commited_by_idx').on(t.commitedBy),
  ],
);

export const fieldInstances = pgTable(
  'field_instances',
  {
    id: id(),
    formInstanceId: uuid('form_instance_id')
      .notNull()
      .references(() => formInstances.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id),
    /** A table cell points at its table's field instance; `rowId` groups the cells of one row. */
    parentFieldInstanceId: uuid('parent_field_instance_id').references(
      (): AnyPgColumn => fieldInstances.id,
      { onDelete: 'cascade' },
    ),
    rowId: uuid('row_id'),
    content: text('content'),
    /**
     * Pre-filled on a renewal from this field instance of last season; `carriedOver` stays true
     * ('Resposta da safra anterior') until the producer confirms or changes the answer.
     */
    carriedFromId: uuid('carried_from_id').references((): AnyPgColumn => fieldInstances.id, {
      onDelete: 'set null',
    }),
    carriedOver: boolean('carried_over').notNull().default(false),
    /** Bumped on every change of `content`: a save based on an older one is a conflict. */
    version: integer('version').notNull().default(0),
    position: integer('position').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('field_instances_form_instance_idx').on(t.formInstanceId),
    index('field_instances_field_idx').on(t.fieldId),
    index('field_instances_parent_idx').on(t.parentFieldInstanceId),
    index('field_instances_row_idx').on(t.rowId),
    index('field_instances_updated_by_idx').on(t.updatedBy),
    index('field_instances_carried_from_idx').on(t.carriedFromId),
  ],
);

export const proofs = pgTable(
  'proofs',
  {
    id: id(),
    fieldInstanceId: uuid('field_instance_id')
      .notNull()
      .references(() => fieldInstances.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the file, so a signature covers the proofs as they were. */
    sha256: text('sha256'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('proofs_field_instance_key').on(t.fieldInstanceId),
    index('proofs_uploaded_by_idx').on(t.uploadedBy),
  ],
);

/** The timeline of an instance: every state change, who and when. */
export const events = pgTable(
  'events',
  {
    id: id(),
    processInstanceId: uuid('process_instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id),
    type: text('type').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_instance_idx').on(t.processInstanceId, t.createdAt),
    index('events_actor_idx').on(t.actorId),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    number: text('number').notNull(),
    processInstanceId: uuid('process_instance_id')
      .notNull()
      .references(() => processInstances.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Null when the process offers no levels. */
    level: text('level', { enum: SEAL_LEVELS }),
    issuedBy: uuid('issued_by').references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by an admin (DESIGN §4b): a suspended or revoked certificate reads so on /verificar
     * and leaves the holders list and the registry. `standingReason` is public, the note is not.
     */
    standing: text('standing', { enum: CERTIFICATE_STANDINGS }).notNull().default('valid'),
    standingReason: text('standing_reason', { enum: STANDING_REASONS }),
    standingNote: text('standing_note'),
    standingChangedAt: timestamp('standing_changed_at', { withTimezone: true }),
    standingChangedBy: uuid('standing_changed_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('certificates_number_key').on(t.number),
    uniqueIndex('certificates_instance_key').on(t.processInstanceId),
    index('certificates_issued_by_idx').on(t.issuedBy),
    index('certificates_standing_changed_by_idx').on(t.standingChangedBy),
  ],
);

/** A pendência (non-conformity) on a form instance, optionally on one field (DESIGN §4b). */
export const pendencies = pgTable(
  'pendencies',
  {
    id: id(),
    processInstanceId: uuid('process_instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    formInstanceId: uuid('form_instance_id')
      .notNull()
      .references(() => formInstances.id, { onDelete: 'cascade' }),
    fieldInstanceId: uuid('field_instance_id').references(() => fieldInstances.id, {
      onDelete: 'cascade',
    }),
    description: text('description').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: PENDENCY_STATUSES }).notNull().default('open'),
    answer: text('answer'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pendencies_instance_idx').on(t.processInstanceId, t.createdAt),
    index('pendencies_form_instance_idx').on(t.formInstanceId),
    index('pendencies_field_instance_idx').on(t.fieldInstanceId),
    index('pendencies_created_by_idx').on(t.createdBy),
    /** 'Com pendência atrasada': the pendências not resolved, by due date. */
    index('pendencies_due_idx')
      .on(t.dueDate, t.processInstanceId)
      .where(sql`${t.status} <> 'resolved'`),
    /** The bell: open and answered pendências, whatever the instance. */
    index('pendencies_waiting_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} <> 'resolved'`),
  ],
);

/** The history of a pendência: opened, answered, resolved, reopened, with the texts. */
export const pendencyEvents = pgTable(
  'pendency_events',
  {
    id: id(),
    pendencyId: uuid('pendency_id')
      .notNull()
      .references(() => pendencies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PENDENCY_EVENT_TYPES }).notNull(),
    text: text('text').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('pendency_events_pendency_idx').on(t.pendencyId, t.createdAt),
    index('pendency_events_actor_idx').on(t.actorId),
  ],
);

/** A vistoria: the technician's visit to the property. */
export const inspections = pgTable(
  'inspections',
  {
    id: id(),
    processInstanceId: uuid('process_instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    visitedOn: date('visited_on', { mode: 'string' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('inspections_instance_idx').on(t.processInstanceId, t.createdAt),
    index('inspections_created_by_idx').on(t.createdBy),
  ],
);

/** The photos of a vistoria, numbered from 0 in the order they arrived. */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.inspectionId, t.index] })],
);

/**
 * Deadline reminders already mailed, one per form instance and threshold ('due_soon': the
 * deadline is at most 3 days away; 'overdue': it has passed), so a rerun never mails twice.
 */
export const formInstanceReminders = pgTable(
  'form_instance_reminders',
  {
    formInstanceId: uuid('form_instance_id')
      .notNull()
      .references(() => formInstances.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['due_soon', 'overdue'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formInstanceId, t.kind] })],
);

/**
 * Expiry alerts already sent (DESIGN §4b): one row per document, its expiry date and how many
 * days before it the alert went, so neither a restart nor a second server sends it again.
 * `subjectId` is the property (licences) or the certificate.
 */
export const expiryAlerts = pgTable(
  'expiry_alerts',
  {
    kind: text('kind', { enum: EXPIRY_ALERT_KINDS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.expiresOn, t.daysBefore] })],
);

/** Every e-mail goes through here first, so a failed send is retried and never lost. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'dev'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_idx').on(t.toAddress),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One row per run of a scheduled job and period (a daily job's São Paulo day): the record that
 * the period is done, so a second server, or a restart, does not run it again (DESIGN §9).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    summary: text('summary'),
  },
  (t) => [primaryKey({ columns: [t.name, t.period] })],
);

/**
 * One row per answer that processes keep in memory (lib/versioned-cache.ts). Database triggers
 * give `version` a new random value on every write to the tables the answer is built from
 * (migration 0004), so every process, whichever wrote, sees the change on its next request.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
});

/**
 * How many rows the big fixed lists hold, kept by triggers on every write (migration 0004), so a
 * page's X-Total-Count costs one primary-key read however large the table grows. Names:
 * `instances_open` (isOpen) and `instances_awaiting_technician` (awaitsTechnician), the
 * conditions of modules/instances/conditions.ts; `properties` and `users`, every row of the table
 * (migration 0005).
 */
export const listCounts = pgTable('list_counts', {
  name: text('name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * The answer kept per user and `Idempotency-Key` (DESIGN §4c, lib/idempotency.ts): the row is
 * claimed before the route runs (`lock_token`, `locked_at`), marked `written_at` by every
 * transaction the route commits, and given the answer (`status`, `headers`, `body`) with the
 * route's own write where the route records it, else when it answers.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the URL, the headers the route names and the body (files' bytes included). */
    requestHash: text('request_hash').notNull(),
    lockToken: uuid('lock_token').notNull(),
    /** While a request under the key runs; null once it ended without an answer to keep. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/**
 * A resumable upload that reached its last byte (modules/uploads): its answer, success or refusal,
 * inserted with the attachment on success, so the attachment happens once whoever sends the last
 * part again, and a HEAD or a repeated PATCH learns it is done.
 */
export const finishedUploads = pgTable(
  'finished_uploads',
  {
    /** The tus id of the upload. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    status: integer('status').notNull(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [index('finished_uploads_created_at_idx').on(t.createdAt)],
);
