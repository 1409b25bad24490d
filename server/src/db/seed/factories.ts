import { randomInt } from 'node:crypto';
import { FieldLogicSchema, messages, type FieldLogicInput, type Role } from '@agroselo/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  certificates,
  inspectionPhotos,
  inspections,
  pendencies,
  pendencyEvents,
  fields,
  fieldChildren,
  fieldInstances,
  formFields,
  formInstances,
  forms,
  processes,
  processFields,
  processInstances,
  properties,
  stamps,
  users,
} from '../schema';
import { newId } from '../../lib/ids';
import { newCertificateNumber } from '../../modules/certificates/number';
import { recordEvents } from '../../modules/instances/events';
import { createFormInstances as createStartForms } from '../../modules/instances/form-instances';
import { hashPassword } from '../../lib/passwords';
import { municipalityColumns, normalizeSearch, userSearchText } from '../../lib/search';

/**
 * Builders of valid rows with overrides, creating their parents on demand. The demo seed and the
 * tests both use them, so demo data is always data the product accepts.
 */

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

/** A CPF with valid check digits. */
export function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => randomInt(10));
  if (base.every((digit) => digit === base[0])) base[0] = (base[0]! + 1) % 10;
  const check = (digits: number[]) => {
    const sum = digits.reduce((acc, digit, index) => acc + digit * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  return [...base, first, second].join('');
}

/** A CNPJ with valid check digits. */
export function randomCnpj(): string {
  const base = [...Array.from({ length: 8 }, () => randomInt(10)), 0, 0, 0, 1];
  const check = (digits: number[]) => {
    const weights =
      digits.length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = digits.reduce((acc, digit, index) => acc + digit * weights[index]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  return [...base, first, second].join('');
}

export type UserRow = typeof users.$inferSelect;
export const DEFAULT_PASSWORD = 'senha-segura-123';

type UserInput = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & {
  password?: string;
  role?: Role;
};

export async function createUser(db: Db, overrides: UserInput = {}): Promise<UserRow> {
  const [row] = await createUsers(db, [overrides]);
  return row!;
}

/**
 * Many createUser in one statement, in the order given. Accounts of one password share its hash
 * (argon2 costs tens of milliseconds a hash): seed data whose password is public anyway.
 */
export async function createUsers(db: Db, list: UserInput[]): Promise<UserRow[]> {
  if (list.length === 0) return [];
  const hashes = new Map<string, string>();
  for (const { password = DEFAULT_PASSWORD } of list)
    if (!hashes.has(password)) hashes.set(password, await hashPassword(password));
  const values = list.map(({ password = DEFAULT_PASSWORD, ...rest }) => {
    const user = {
      id: newId(),
      email: `usuario-${next()}@exemplo.com.br`,
      firstName: 'Maria',
      lastName: 'Silva',
      cpf: randomCpf(),
      phone: '51999998888',
      role: 'owner' as const,
      pending: false,
      ...rest,
      passwordHash: hashes.get(password)!,
    };
    return { ...user, searchText: userSearchText(user) };
  });
  return inOrder(values, await db.insert(users).values(values).returning());
}

/** Rows a multi-row insert returned, in the order of the values given (each has its id). */
function inOrder<T extends { id: string }>(values: { id: string }[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return values.map((value) => byId.get(value.id)!);
}

export type PropertyRow = typeof properties.$inferSelect;

type PropertyInput = Partial<typeof properties.$inferInsert> & { owner?: UserRow };

export async function createProperty(db: Db, overrides: PropertyInput = {}): Promise<PropertyRow> {
  const [row] = await createProperties(db, [overrides]);
  return row!;
}

/** Many createProperty in one statement (and their new owners in another), in the order given. */
export async function createProperties(db: Db, list: PropertyInput[]): Promise<PropertyRow[]> {
  if (list.length === 0) return [];
  const ownerless = list.filter(({ owner, ownerId }) => !ownerId && !owner);
  const owners = await createUsers(
    db,
    ownerless.map(() => ({ role: 'owner' })),
  );
  let nextOwner = 0;
  const values = list.map(({ owner, ...rest }) => {
    const property = {
      id: newId(),
      ownerId: rest.ownerId ?? owner?.id ?? owners[nextOwner++]!.id,
      businessName: `Granja Santa Clara ${next()}`,
      businessType: 'Produtor rural',
      cnpj: randomCnpj(),
      municipality: 'Camaquã',
      irga: '123456',
      latitude: -30.851,
      longitude: -51.812,
      carN: 'RS43035080D4C8F3E2A1B0C9D8E7F6A5B4C3D2E1',
      farmingLoNumber: 'LO 01234/2025',
      farmingLoValidity: '2028-12-31',
      dryingAndStockLoNumber: 'LO 05678/2025',
      dryingAndStockLoValidity: '2028-06-30',
      place: 'Passo do Mendonça',
      responsibleName: 'Maria Silva',
      ...rest,
    };
    return {
      ...property,
      searchText: normalizeSearch(property.businessName, property.cnpj, property.municipality),
      ...municipalityColumns(property.municipality),
    };
  });
  return inOrder(values, await db.insert(properties).values(values).returning());
}

export interface SealInput {
  process?: Partial<typeof processes.$inferInsert>;
  stamp?: Partial<typeof stamps.$inferInsert>;
}

/** A process and its seal (stamp); released unless told otherwise. */
export async function createSeal(db: Db, input: SealInput = {}) {
  const year = new Date().getFullYear();
  const [process] = await db
    .insert(processes)
    .values({
      id: newId(),
      description: 'Ciclo de certificação da safra',
      notice: 'Edital de chamada pública para certificação',
      startDate: `${year}-01-01`,
      endDate: `${year + 1}-12-31`,
      validityStart: `${year}-07-01`,
      validityEnd: `${year + 2}-06-30`,
      safra: `${year}/${String((year + 1) % 100).padStart(2, '0')}`,
      released: true,
      ...input.process,
    })
    .returning();
  const name = input.stamp?.name ?? `Selo ${next()}`;
  const [stamp] = await db
    .insert(stamps)
    .values({
      id: newId(),
      processId: process!.id,
      name,
      description: 'Selo de qualidade do arroz gaúcho',
      features: ['Rastreabilidade'],
      ...input.stamp,
      searchText: normalizeSearch(name),
    })
    .returning();
  return { process: process!, stamp: stamp! };
}

export async function createField(
  db: Db,
  overrides: Partial<typeof fields.$inferInsert> & { children?: string[] } = {},
) {
  const { children = [], ...rest } = overrides;
  const name = rest.name ?? `Campo ${next()}`;
  const [field] = await db
    .insert(fields)
    .values({ id: newId(), type: 'text', ...rest, name, searchText: normalizeSearch(name) })
    .returning();
  if (children.length > 0) {
    await db.insert(fieldChildren).values(
      children.map((childFieldId, position) => ({
        parentFieldId: field!.id,
        childFieldId,
        position,
      })),
    );
  }
  return field!;
}

/** A form of the process with `fieldIds` in order, and their rules (`logic`, by field id) if any. */
export async function createForm(
  db: Db,
  processId: string,
  overrides: Partial<typeof forms.$inferInsert> & {
    fieldIds?: string[];
    logic?: Record<string, FieldLogicInput>;
  } = {},
) {
  const { fieldIds = [], logic = {}, ...rest } = overrides;
  const [form] = await db
    .insert(forms)
    .values({
      id: newId(),
      processId,
      name: `Formulário ${next()}`,
      deadline: `${new Date().getFullYear() + 1}-03-31`,
      ...rest,
    })
    .returning();
  if (fieldIds.length > 0) {
    await db.insert(formFields).values(
      fieldIds.map((fieldId, position) => ({
        formId: form!.id,
        fieldId,
        position,
        logic: FieldLogicSchema.parse(logic[fieldId] ?? {}),
      })),
    );
  }
  return form!;
}

export async function addProcessFields(db: Db, processId: string, fieldIds: string[]) {
  if (fieldIds.length === 0) return;
  await db
    .insert(processFields)
    .values(fieldIds.map((fieldId, position) => ({ processId, fieldId, position })));
}

export type InstanceRow = typeof processInstances.$inferSelect;

/**
 * A seal request of a property. Flags follow spec §4: pass a technician to accept it, then
 * `rejected`, `initiated` or `finished` to move it on; the timestamps follow the flags, and the
 * timeline gets the events the product would have recorded (request, evaluation, start). Form
 * instances are left to the caller (createFormInstance, or createFormInstances as a start does).
 */
export interface InstanceInput {
  process?: { id: string };
  property?: { id: string; ownerId: string };
  technician?: { id: string } | null;
  /** Assigned by an admin (docs/decisions/018); an evaluated instance's is its technician. */
  assignee?: { id: string } | null;
  rejected?: boolean;
  initiated?: boolean;
  finished?: boolean;
  /** The conclusion of a finished instance (createCertificate issues its certificate). */
  approved?: boolean;
  finishNote?: string;
  createdAt?: Date;
  /** The earlier instance of the same seal and property, rejected or finished. */
  parent?: { id: string };
  /** The parecer técnico of a committee process, by the technician. */
  recommendation?: { outcome: 'prata' | 'ouro' | 'reprovar'; justification: string };
  /** The producer agreed to appear in the public registry (when the request was made). */
  publishConsent?: boolean;
}

export async function createInstance(db: Db, input: InstanceInput = {}): Promise<InstanceRow> {
  const process = input.process ?? (await createSeal(db)).process;
  const property = input.property ?? (await createProperty(db));
  const [row] = await createInstances(db, [{ ...input, process, property }]);
  return row!;
}

/**
 * Many createInstance of given processes and properties, in the order given: the instances in
 * one statement, their timelines in another.
 */
export async function createInstances(
  db: Db,
  list: (InstanceInput & { process: { id: string }; property: { id: string; ownerId: string } })[],
): Promise<InstanceRow[]> {
  if (list.length === 0) return [];
  const written = list.map((input) => {
    const { property } = input;
    const createdAt = input.createdAt ?? new Date();
    const technicianId = input.technician?.id ?? null;
    // An hour between steps, but never in the future.
    const later = (hours: number) =>
      new Date(
        Math.min(
          createdAt.getTime() + hours * 3_600_000,
          Math.max(Date.now(), createdAt.getTime()),
        ),
      );
    const evaluatedAt = technicianId ? later(1) : null;
    const startedAt = input.initiated ? later(2) : null;
    const values = {
      id: newId(),
      processId: input.process.id,
      propertyId: property.id,
      requestedBy: property.ownerId,
      technicianId,
      assigneeId: input.assignee?.id ?? null,
      parentInstanceId: input.parent?.id ?? null,
      rejected: input.rejected ?? false,
      initiated: input.initiated ?? false,
      finished: input.finished ?? false,
      approved: input.finished ? (input.approved ?? null) : null,
      finishNote: input.finished ? (input.finishNote ?? null) : null,
      evaluatedAt,
      startedAt,
      finishedAt: input.finished ? later(3) : null,
      publishConsent: input.publishConsent ?? false,
      publishConsentAt: input.publishConsent ? createdAt : null,
      ...(input.recommendation && technicianId
        ? {
            recommendationOutcome: input.recommendation.outcome,
            recommendationJustification: input.recommendation.justification,
            recommendedBy: technicianId,
            recommendedAt: later(2),
          }
        : {}),
      createdAt,
      updatedAt: createdAt,
    };
    return { input, values, technicianId, evaluatedAt, startedAt };
  });
  const rows = inOrder(
    written.map(({ values }) => values),
    await db
      .insert(processInstances)
      .values(written.map(({ values }) => values))
      .returning(),
  );
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      inArray(users.id, [
        ...new Set(
          written.flatMap(({ input, technicianId }) => [
            input.property.ownerId,
            ...(technicianId ? [technicianId] : []),
          ]),
        ),
      ]),
    );
  const nameOf = (id: string) => {
    const user = people.find((candidate) => candidate.id === id);
    return user ? `${user.firstName} ${user.lastName}`.trim() : '';
  };
  const m = messages.instances;
  // The events the product would have recorded: the request, the evaluation, the start.
  await recordEvents(
    db,
    written.flatMap(({ input, values, technicianId, evaluatedAt, startedAt }) => {
      const ownerId = input.property.ownerId;
      const event = (
        actorId: string,
        type: 'requested' | 'accepted' | 'rejected' | 'started',
        message: (name: string) => string,
        at: Date,
      ) => ({ instanceId: values.id, actorId, type, message: message(nameOf(actorId)), at });
      return [
        event(ownerId, 'requested', m.eventRequested, values.createdAt),
        ...(technicianId && evaluatedAt
          ? [
              input.rejected
                ? event(technicianId, 'rejected', m.eventRejected, evaluatedAt)
                : event(technicianId, 'accepted', m.eventAccepted, evaluatedAt),
            ]
          : []),
        ...(startedAt ? [event(ownerId, 'started', m.eventStarted, startedAt)] : []),
      ];
    }),
  );
  return rows;
}

export interface StartedInstance {
  instance: InstanceRow;
  /** In order, 'Documentos' (formId null) last; each gives the id of its instance of a field. */
  forms: { id: string; formId: string | null; fieldInstanceOf: (fieldId: string) => string }[];
}

/**
 * An instance accepted by `technician` (a new one unless given) and started, with the form and
 * field instances its start creates (createFormInstances, as the workflow does).
 */
export async function startedInstance(
  db: Db,
  input: Omit<NonNullable<Parameters<typeof createInstance>[1]>, 'initiated'> = {},
): Promise<StartedInstance> {
  const instance = await createInstance(db, {
    ...input,
    technician:
      input.technician ?? (await createUser(db, { role: 'technician', crea: '00000001234567' })),
    initiated: true,
  });
  await createStartForms(db, instance);
  const created = await db
    .select({ id: formInstances.id, formId: formInstances.formId })
    .from(formInstances)
    .where(eq(formInstances.processInstanceId, instance.id))
    .orderBy(asc(formInstances.position));
  const cells =
    created.length === 0
      ? []
      : await db
          .select({
            id: fieldInstances.id,
            formInstanceId: fieldInstances.formInstanceId,
            fieldId: fieldInstances.fieldId,
          })
          .from(fieldInstances)
          .where(
            inArray(
              fieldInstances.formInstanceId,
              created.map((form) => form.id),
            ),
          );
  const started = created.map((form) => ({
    ...form,
    fieldInstanceOf: (fieldId: string) => {
      const cell = cells.find((row) => row.formInstanceId === form.id && row.fieldId === fieldId);
      if (!cell) throw new Error(`The form instance ${form.id} has no field ${fieldId}`);
      return cell.id;
    },
  }));
  return { instance, forms: started };
}

export type FormInstanceRow = typeof formInstances.$inferSelect;

type FormInstanceInput = {
  instance?: { id: string };
  form?: typeof forms.$inferSelect;
  commited?: boolean;
  position?: number;
};

/**
 * A form instance of a started process instance: from a form of its process, or the "Documentos"
 * one (no form) when `form` is left out. `commited` marks it finished by the producer.
 */
export async function createFormInstance(
  db: Db,
  input: FormInstanceInput = {},
): Promise<FormInstanceRow> {
  const instance =
    input.instance ??
    (await createInstance(db, {
      technician: await createUser(db, { role: 'technician', crea: '00000001234567' }),
      initiated: true,
    }));
  const [row] = await createFormInstances(db, [{ ...input, instance }]);
  return row!;
}

/** Many createFormInstance of given instances in one statement, in the order given. */
export async function createFormInstances(
  db: Db,
  list: (FormInstanceInput & { instance: { id: string } })[],
): Promise<FormInstanceRow[]> {
  if (list.length === 0) return [];
  const values = list.map(({ instance, form, commited = false, position }) => ({
    id: newId(),
    processInstanceId: instance.id,
    formId: form?.id ?? null,
    name: form?.name ?? 'Documentos',
    deadline: form?.deadline ?? null,
    obligatory: form?.obligatory ?? true,
    sign: form?.sign ?? false,
    commited,
    commitedAt: commited ? new Date() : null,
    position: position ?? form?.position ?? 0,
  }));
  return inOrder(values, await db.insert(formInstances).values(values).returning());
}

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * The certificate of an approved instance, with its process's validity unless told. Without an
 * instance, one is made: accepted by a new technician, started, finished and approved.
 */
export async function createCertificate(
  db: Db,
  input: {
    instance?: { id: string; processId: string; technicianId?: string | null };
    process?: { id: string };
    property?: { id: string; ownerId: string };
    number?: string;
    validFrom?: string;
    validUntil?: string;
    issuedAt?: Date;
    level?: 'prata' | 'ouro' | null;
    /** For the instance created here: its producer agreed to appear in the public registry. */
    publishConsent?: boolean;
  } = {},
): Promise<CertificateRow> {
  const instance =
    input.instance ??
    (await createInstance(db, {
      process: input.process,
      property: input.property,
      technician: await createUser(db, { role: 'technician', crea: '00000001234567' }),
      initiated: true,
      finished: true,
      approved: true,
      publishConsent: input.publishConsent,
    }));
  const [process] = await db.select().from(processes).where(eq(processes.id, instance.processId));
  const [row] = await db
    .insert(certificates)
    .values({
      id: newId(),
      number: input.number ?? newCertificateNumber(),
      processInstanceId: instance.id,
      validFrom: input.validFrom ?? process!.validityStart,
      validUntil: input.validUntil ?? process!.validityEnd,
      issuedBy: instance.technicianId ?? null,
      issuedAt: input.issuedAt ?? new Date(),
      level: input.level ?? null,
    })
    .returning();
  return row!;
}

// ── forms ──

/**
 * Writes answers into the field instances a start created: `answers` maps a field id (of the
 * definition) to its content, stored as the forms area stores it ('true'/'false', YYYY-MM-DD…).
 */
export async function fillFormFields(
  db: Db,
  formInstanceId: string,
  answers: Record<string, string>,
  updatedBy: { id: string } | null = null,
): Promise<void> {
  for (const [fieldId, content] of Object.entries(answers)) {
    await db
      .update(fieldInstances)
      .set({
        content,
        version: sql`${fieldInstances.version} + 1`,
        updatedBy: updatedBy?.id ?? null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(fieldInstances.formInstanceId, formInstanceId),
          eq(fieldInstances.fieldId, fieldId),
          isNull(fieldInstances.parentFieldInstanceId),
        ),
      );
  }
}

/**
 * A row of the Lista field `tableFieldId` of a form instance, one cell per column in order, with
 * `cells` (column field id → content) filled in. Resolves with the row's id.
 */
export async function addTableRow(
  db: Db,
  formInstanceId: string,
  tableFieldId: string,
  cells: Record<string, string> = {},
  updatedBy: { id: string } | null = null,
): Promise<string> {
  const [table] = await db
    .select({ id: fieldInstances.id })
    .from(fieldInstances)
    .where(
      and(
        eq(fieldInstances.formInstanceId, formInstanceId),
        eq(fieldInstances.fieldId, tableFieldId),
        isNull(fieldInstances.parentFieldInstanceId),
      ),
    );
  if (!table) throw new Error(`no Lista ${tableFieldId} in form instance ${formInstanceId}`);
  const columns = await db
    .select({ id: fieldChildren.childFieldId })
    .from(fieldChildren)
    .where(eq(fieldChildren.parentFieldId, tableFieldId))
    .orderBy(asc(fieldChildren.position));
  const rowId = newId();
  await db.insert(fieldInstances).values(
    columns.map((column, position) => ({
      id: newId(),
      formInstanceId,
      fieldId: column.id,
      parentFieldInstanceId: table.id,
      rowId,
      position,
      content: cells[column.id] ?? null,
      version: cells[column.id] === undefined ? 0 : 1,
      updatedBy: updatedBy?.id ?? null,
    })),
  );
  return rowId;
}

// ── review ──

export type PendencyRow = typeof pendencies.$inferSelect;

type PendencyInput = {
  instance: { id: string };
  formInstanceId: string;
  fieldInstanceId?: string | null;
  by: { id: string };
  owner?: { id: string };
  status?: 'open' | 'answered' | 'resolved';
  description?: string;
  answer?: string;
  dueDate?: string;
  createdAt?: Date;
};

/**
 * A pendência on a form instance (optionally one field instance of it), with the history its
 * status implies: opened by `by`, then answered by the owner and resolved, as the flow goes.
 */
export async function createPendency(db: Db, input: PendencyInput): Promise<PendencyRow> {
  const [row] = await createPendencies(db, [input]);
  return row!;
}

/** Many createPendency in one statement, and their histories in another, in the order given. */
export async function createPendencies(db: Db, list: PendencyInput[]): Promise<PendencyRow[]> {
  if (list.length === 0) return [];
  const written = list.map((input) => {
    const status = input.status ?? 'open';
    const createdAt = input.createdAt ?? new Date();
    const description = input.description ?? 'Envie a outorga de uso da água atualizada.';
    const answer = status === 'open' ? null : (input.answer ?? 'Outorga atualizada enviada.');
    const values = {
      id: newId(),
      processInstanceId: input.instance.id,
      formInstanceId: input.formInstanceId,
      fieldInstanceId: input.fieldInstanceId ?? null,
      description,
      dueDate: input.dueDate ?? new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      status,
      answer,
      createdBy: input.by.id,
      createdAt,
      updatedAt: createdAt,
    };
    const steps: { type: 'opened' | 'answered' | 'resolved'; text: string; actorId: string }[] = [
      { type: 'opened', text: description, actorId: input.by.id },
    ];
    if (answer)
      steps.push({ type: 'answered', text: answer, actorId: input.owner?.id ?? input.by.id });
    if (status === 'resolved') steps.push({ type: 'resolved', text: '', actorId: input.by.id });
    return { values, steps };
  });
  const rows = inOrder(
    written.map(({ values }) => values),
    await db
      .insert(pendencies)
      .values(written.map(({ values }) => values))
      .returning(),
  );
  await db.insert(pendencyEvents).values(
    written.flatMap(({ values, steps }) =>
      steps.map((step, index) => ({
        id: newId(),
        pendencyId: values.id,
        ...step,
        createdAt: new Date(values.createdAt.getTime() + index * 60_000),
      })),
    ),
  );
  return rows;
}

export type InspectionRow = typeof inspections.$inferSelect;

type InspectionInput = {
  instance: { id: string };
  by: { id: string };
  visitedOn?: string;
  summary?: string;
  photoKeys?: string[];
  latitude?: number;
  longitude?: number;
};

/** A vistoria of an instance, with photos already in storage under `photoKeys` (PNG). */
export async function createInspection(db: Db, input: InspectionInput): Promise<InspectionRow> {
  const [row] = await createInspections(db, [input]);
  return row!;
}

/** Many createInspection in one statement, and their photos in another, in the order given. */
export async function createInspections(db: Db, list: InspectionInput[]): Promise<InspectionRow[]> {
  if (list.length === 0) return [];
  const values = list.map((input) => ({
    id: newId(),
    processInstanceId: input.instance.id,
    visitedOn: input.visitedOn ?? new Date().toISOString().slice(0, 10),
    latitude: input.latitude ?? -30.851,
    longitude: input.longitude ?? -51.812,
    summary: input.summary ?? 'Lavoura vistoriada: taipas conservadas, canais limpos.',
    createdBy: input.by.id,
  }));
  const rows = inOrder(values, await db.insert(inspections).values(values).returning());
  const photos = list.flatMap((input, at) =>
    (input.photoKeys ?? []).map((key, index) => ({
      inspectionId: values[at]!.id,
      index,
      storageKey: key,
      mime: 'image/png',
      size: 0,
    })),
  );
  if (photos.length > 0) await db.insert(inspectionPhotos).values(photos);
  return rows;
}
