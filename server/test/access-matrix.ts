import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { certificates, proofs, userEvents } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import {
  addProcessFields,
  createCertificate,
  addTableRow,
  createField,
  createFormInstance,
  createInspection,
  createPendency,
  createForm,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  randomCnpj,
  randomCpf,
  startedInstance,
} from '../src/db/seed/factories';
import type { UserRow } from '../src/db/seed/factories';
import { file, PDF, PNG } from './support/files';
import { formEncoded, multipart } from './support/http';
import type { TestApp } from './support/test-app';

/**
 * Who calls. `pending` is a signed-up account whose e-mail is not verified yet; `user` is
 * verified with no property; `owner` owns the fixture's property, request and instances, and
 * `otherOwner` is a producer who owns a property of their own but none of those: where a route
 * acts on an owned resource, `owner` reaches it and `otherOwner` gets 404.
 */
export const SUBJECTS = [
  'anonymous',
  'pending',
  'user',
  'owner',
  'otherOwner',
  'technician',
  'admin',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/**
 * An exact status, or PASSES: the guard let the caller through (anything but 401 and 403). PASSES
 * is for routes whose answer past the guard belongs to the area's own tests (a wrong code, an
 * already verified account); access is what this table is about.
 */
export const PASSES = 'passes';
export type Expectation = number | typeof PASSES;
export type Expectations = Record<Subject, Expectation>;

const PASSWORD = 'senha-da-matriz-1';

/** The world the rows act on, built once per run by `buildFixture`. */
export interface Fixture {
  users: Record<Exclude<Subject, 'anonymous'>, UserRow>;
  password: string;
  releasedStampId: string;
  draftStampId: string;
  ownerPropertyId: string;
  otherOwnerPropertyId: string;
  /** The builder's rows: the two processes above, a form of the draft, a spare one, a field. */
  seals: {
    releasedProcessId: string;
    draftProcessId: string;
    formId: string;
    spareFormId: string;
    fieldId: string;
  };
  /** Accounts the admin rows of the users area act on, one per row so no row depends on another. */
  managed: Record<'enable' | 'disable' | 'technician' | 'admin', UserRow>;
  /** Seals and requests of the certification workflow, each row on its own. */
  workflow: {
    requestProcessId: string;
    otherRequestProcessId: string;
    staffStartProcessId: string;
    draftProcessId: string;
    /** On the owner's property: waiting for a technician, and accepted. */
    pendingInstanceId: string;
    acceptedInstanceId: string;
    /** A request of its own for the assignment row (issue 43). */
    assignInstanceId: string;
  };
  /** The conclusion and the public certificate: a started instance of the technician's. */
  certificates: {
    ongoingInstanceId: string;
    number: string;
    processId: string;
    /** One certificate per standing row: two valid (suspend, revoke), one suspended (reinstate). */
    standing: Record<'suspend' | 'revoke' | 'reinstate', string>;
  };
  /** A started instance of the owner's farm, accepted by `technician`, and its form instances. */
  forms: {
    /** `/api/process-instance/{id}/form/{formId}` of a form with every kind of field. */
    url: string;
    /** Of a form without proofs, which the owner's row finishes. */
    finishUrl: string;
    textId: string;
    staffId: string;
    listId: string;
    proofId: string;
    /** A row of the Lista for each subject to try to delete. */
    rows: Record<Subject, string>;
  };
  /** The review (issue 20): a started instance of the owner's farm, accepted by `technician`. */
  review: {
    instanceId: string;
    formInstanceId: string;
    fieldInstanceId: string;
    /** One pendência per row that moves one: open (answer), answered (resolve), resolved (reopen). */
    openPendencyId: string;
    answeredPendencyId: string;
    resolvedPendencyId: string;
    inspectionId: string;
    /** A committee process's started instance (recommendation) and one recommended (decision). */
    committeeInstanceId: string;
    recommendedInstanceId: string;
    settingsProcessId: string;
  };
}

type Body = Pick<InjectOptions, 'payload' | 'headers'>;

export interface AccessRow {
  /** As in the OpenAPI document at /docs/json: `GET /api/stamp/{id}/image`. */
  route: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;
  /** What is being checked when a route has several rows. */
  case?: string;
  /**
   * The concrete path; defaults to the route's path when it has no parameters. A route that
   * consumes its target (a deletion) gives each subject one of its own; callers that name no
   * subject get the owner's.
   */
  path?: (fx: Fixture, subject?: Subject) => string;
  /** A body that passes validation, so the answer tells about access (validation runs first). */
  body?: (fx: Fixture, subject: Subject) => Body | Promise<Body>;
  expect: Expectations;
  /**
   * Where a call with invalid ids, query and body answers otherwise than `expect`: a 403 or 404
   * that needs the row itself (ownership, conflict of interest) comes after the ids are parsed.
   */
  invalid?: Partial<Expectations>;
}

// Shorthands for the common shapes of access; a row may spread one and override a subject.
const everyone = (status: Expectation): Expectations =>
  Object.fromEntries(SUBJECTS.map((subject) => [subject, status])) as Expectations;
/** Any signed-in account, pending ones included (the few routes DESIGN §5 allows them). */
const signedInOrPending = (status: Expectation): Expectations => ({
  ...everyone(status),
  anonymous: 401,
});
/** Any verified account. */
const signedIn = (status: Expectation): Expectations => ({
  ...signedInOrPending(status),
  pending: 403,
});
type Role = Exclude<Subject, 'anonymous' | 'pending' | 'otherOwner'>;

/** Only some roles (`owner` meaning both producers); the other verified accounts get 403. */
export const onlyRoles = (roles: readonly Role[], status: Expectation): Expectations => ({
  ...signedIn(403),
  ...Object.fromEntries(roles.map((role) => [role, status])),
  ...(roles.includes('owner') ? { otherOwner: status } : {}),
});

const json = (payload: unknown): Body => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
let signUps = 0;

/** A property body that passes validation, with a CNPJ no other row has used. */
export const propertyBody = (extra: Record<string, string> = {}) =>
  json({
    business_name: 'Granja da Matriz',
    business_type: 'Granja',
    cnpj: randomCnpj(),
    municipality: 'Camaquã',
    irga: '2104587',
    latitude: -30.85,
    longitude: -51.8,
    car_n: 'RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6',
    farming_lo_number: '04512/2024-DL',
    farming_lo_validity: '2028-12-31',
    drying_and_stock_lo_number: '07839/2023-DL',
    drying_and_stock_lo_validity: '2028-06-30',
    place: 'Arroio Duro',
    responsible_name: 'Maria Silva',
    ...extra,
  });
/**
 * Who writes a form's field depends on the field (staff fill the producer-read-only ones): that
 * 403 needs the field's row, so a call with ids that are not ids answers 422 first.
 */
const FIELD_BY_FIELD: Partial<Expectations> = { owner: 422, technician: 422, admin: 422 };

/** Producers reach their own properties (others' answer 404); technicians and admins all. */
const producersAndStaff = (status: Expectation): Expectations => signedIn(status);

/** Every API endpoint × subject → expected status. New areas append their rows. */
export const ACCESS_MATRIX: AccessRow[] = [
  // auth
  {
    route: 'POST /api/auth/token',
    body: (fx, subject) =>
      formEncoded({
        username: subject === 'anonymous' ? fx.users.owner.email : fx.users[subject].email,
        password: fx.password,
      }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/register',
    body: () =>
      multipart({
        email: `matriz-${++signUps}-${Date.now().toString(36)}@fazenda.com.br`,
        first_name: 'Joana',
        last_name: 'Matriz',
        cpf: randomCpf(),
        phone: '51988887777',
        password: PASSWORD,
      }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/auth/activate',
    body: () => multipart({ code: '000000' }),
    // Past the guard a wrong code is the auth tests' business; verified accounts have none to enter.
    expect: { ...signedInOrPending(409), pending: PASSES },
  },
  {
    route: 'POST /api/auth/resend-code',
    expect: { ...signedInOrPending(409), pending: 200 },
  },
  {
    route: 'GET /api/auth/info',
    expect: signedInOrPending(200),
  },
  {
    route: 'PUT /api/auth/update',
    body: () => json({ first_name: 'Renomeado' }),
    expect: signedIn(200),
    invalid: { pending: 422 }, // a pending account may change its e-mail only: it needs the body,
  },
  {
    route: 'POST /api/auth/forgot-password',
    body: (fx) => formEncoded({ email: fx.users.user.email }),
    expect: everyone(202),
  },
  {
    route: 'POST /api/auth/reset-password',
    // Past the door a wrong code is the users tests' business: anyone holding the code may try.
    body: (fx) =>
      json({ email: fx.users.user.email, code: '000000', password: 'nova-senha-matriz' }),
    expect: everyone(PASSES),
  },
  {
    route: 'PUT /api/auth/password',
    // A wrong current password: a right one would end the fixture's other tokens.
    body: () => json({ current_password: 'nao-e-esta-1', new_password: 'nova-senha-matriz' }),
    expect: signedIn(PASSES),
  },
  // privacy (LGPD self-service)
  { route: 'GET /api/auth/my-data', expect: signedIn(200) },
  {
    route: 'POST /api/auth/delete-account',
    // Whether the admin is the last one depends on the users rows: the privacy tests' business.
    expect: { ...signedIn(202), admin: PASSES },
  },
  {
    route: 'POST /api/auth/delete-account/confirm',
    // A wrong or missing code past the guard: the privacy tests' business.
    body: () => json({ code: '000000' }),
    expect: signedIn(PASSES),
  },

  // seals
  { route: 'GET /api/stamp/all', expect: everyone(200) },
  {
    route: 'GET /api/stamp/{id}/image',
    case: 'released seal',
    path: (fx) => `/api/stamp/${fx.releasedStampId}/image`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/stamp/{id}/image',
    case: 'draft seal',
    path: (fx) => `/api/stamp/${fx.draftStampId}/image`,
    expect: everyone(404),
  },

  {
    route: 'GET /api/process/all',
    // Everyone lists the released processes; admins see drafts too (seals.test.ts).
    expect: everyone(200),
  },
  {
    route: 'POST /api/process/register',
    body: () =>
      multipart({
        safra: '2026/27',
        notice: 'Edital da matriz',
        description: 'Processo da matriz',
        start_date: '2026-08-01',
        end_date: '2027-03-31',
        validity_start: '2027-04-01',
        validity_end: '2029-03-31',
        stamp_name: 'Selo da matriz',
        stamp_description: 'Selo criado pela matriz de acesso',
        file: file(PNG, 'selo.png', 'image/png'),
      }),
    expect: onlyRoles(['admin'], 201),
  },
  {
    route: 'GET /api/process/{processId}',
    case: 'released process',
    path: (fx) => `/api/process/${fx.seals.releasedProcessId}`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/process/{processId}',
    case: 'draft process',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}`,
    expect: { ...everyone(404), admin: 200 },
  },
  {
    route: 'GET /api/process/{processId}/notice',
    case: 'released process without edital',
    path: (fx) => `/api/process/${fx.seals.releasedProcessId}/notice`,
    expect: everyone(404),
  },
  {
    route: 'PUT /api/process/{processId}/release',
    path: (fx) => `/api/process/${fx.seals.releasedProcessId}/release`,
    body: () => json({ released: true }),
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'GET /api/process/{processId}/forms',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/forms`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'POST /api/process/{processId}/form/register',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/form/register`,
    body: () => json({ name: 'Formulário da matriz', deadline: '2027-01-31' }),
    expect: onlyRoles(['admin'], 201),
  },
  {
    route: 'GET /api/process/{processId}/form/{formId}',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.formId}`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/process/{processId}/form/{formId}/edit',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.formId}/edit`,
    body: () => json({ name: 'Formulário renomeado', deadline: '2027-02-28' }),
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'DELETE /api/process/{processId}/form/{formId}',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.spareFormId}`,
    expect: onlyRoles(['admin'], 204),
  },
  {
    route: 'GET /api/process/{processId}/form/{formId}/fields',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.formId}/fields`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/process/{processId}/form/{formId}/field/{fieldId}/add',
    path: (fx) =>
      `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.formId}/field/${fx.seals.fieldId}/add`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/process/{processId}/form/{formId}/field/{fieldId}/logic',
    path: (fx) =>
      `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.formId}/field/${fx.seals.fieldId}/logic`,
    body: () => json({ required: true, required_message: 'Responda, por favor' }),
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'DELETE /api/process/{processId}/form/{formId}/field/{fieldId}/remove',
    path: (fx) =>
      `/api/process/${fx.seals.draftProcessId}/form/${fx.seals.formId}/field/${fx.seals.fieldId}/remove`,
    expect: onlyRoles(['admin'], 204),
  },
  {
    route: 'GET /api/process/{processId}/fields',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/fields`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'POST /api/process/{processId}/fields/save',
    path: (fx) => `/api/process/${fx.seals.draftProcessId}/fields/save`,
    body: (fx) => json([fx.seals.fieldId]),
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'GET /api/field/',
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'POST /api/field/register',
    body: () => json({ name: 'Campo da matriz', type: 'text' }),
    expect: onlyRoles(['admin'], 201),
  },

  // notifications
  { route: 'GET /api/process-instance/pending', expect: signedIn(200) },

  // properties
  { route: 'GET /api/property/all', expect: producersAndStaff(200) },
  {
    route: 'GET /api/property/search',
    path: () => '/api/property/search?query=granja',
    expect: producersAndStaff(200),
  },
  {
    route: 'GET /api/property/all',
    case: 'property table: filters and sort',
    path: () => '/api/property/all?region=costeira_interna&municipality=camaqua&sort=-requests',
    expect: producersAndStaff(200),
  },
  {
    route: 'GET /api/property/search',
    case: 'property table: filters and sort',
    path: () => '/api/property/search?query=granja&region=costeira_interna&sort=cnpj',
    expect: producersAndStaff(200),
  },
  {
    route: 'GET /api/property/{id}',
    path: (fx) => `/api/property/${fx.ownerPropertyId}`,
    expect: { ...producersAndStaff(200), user: 404, otherOwner: 404 },
  },
  {
    route: 'POST /api/property/register',
    // Staff register for a producer (docs/decisions/006). The `user` subject becomes an owner
    // here, of a property of its own: no later row depends on it having none.
    body: (fx, subject) =>
      propertyBody(
        subject === 'technician' || subject === 'admin'
          ? { owner_email: fx.users.otherOwner.email }
          : {},
      ),
    expect: producersAndStaff(201),
  },
  {
    route: 'PUT /api/property/{id}/edit',
    path: (fx) => `/api/property/${fx.ownerPropertyId}/edit`,
    body: () => propertyBody(),
    expect: { ...producersAndStaff(200), user: 404, otherOwner: 404 },
  },

  // exports: each as its list
  ...(['csv', 'xlsx'] as const).flatMap((format): AccessRow[] => [
    { route: `GET /api/export/properties.${format}`, expect: producersAndStaff(200) },
    {
      route: `GET /api/export/properties.${format}`,
      case: 'property table: filters and sort',
      path: () =>
        `/api/export/properties.${format}?region=costeira_interna&municipality=camaqua&query=granja&sort=-responsible_name`,
      expect: producersAndStaff(200),
    },
    {
      route: `GET /api/export/process-instances.${format}`,
      expect: onlyRoles(['technician', 'admin'], 200),
    },
    {
      route: `GET /api/export/process-instances.${format}`,
      case: 'office table: filters and sort',
      path: () =>
        `/api/export/process-instances.${format}?status=all&region=outras&late=true&sort=business_name`,
      expect: onlyRoles(['technician', 'admin'], 200),
    },
    { route: `GET /api/export/users.${format}`, expect: onlyRoles(['admin'], 200) },
    {
      route: `GET /api/export/users.${format}`,
      case: 'users table: filters and sort',
      path: () => `/api/export/users.${format}?role=owner&status=active&query=silva&sort=-role`,
      expect: onlyRoles(['admin'], 200),
    },
  ]),
  {
    route: 'GET /api/export/process/{processId}/answers.xlsx',
    path: (fx) => `/api/export/process/${fx.certificates.processId}/answers.xlsx`,
    expect: onlyRoles(['technician', 'admin'], 200),
  },
  {
    route: 'GET /api/process-instance/{id}/form/{formId}/pdf',
    path: (fx) => `${fx.forms.url}/pdf`,
    expect: { ...signedIn(404), technician: 200, admin: 200, owner: 200 },
  },

  // reports
  { route: 'GET /api/reports/summary', expect: onlyRoles(['technician', 'admin'], 200) },

  // users
  { route: 'GET /api/user/all', expect: onlyRoles(['admin'], 200) },
  {
    route: 'GET /api/user/search',
    path: () => '/api/user/search?query=silva',
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'GET /api/user/all',
    case: 'users table: filters and sort',
    path: () => '/api/user/all?role=owner&status=active&sort=-created_at',
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'GET /api/user/search',
    case: 'users table: filters and sort',
    path: () => '/api/user/search?query=silva&role=owner&status=active&sort=status',
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'GET /api/user/{id}/events',
    path: (fx) => `/api/user/${fx.users.owner.id}/events`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/user/{id}/set-technician',
    path: (fx) => `/api/user/${fx.managed.technician.id}/set-technician`,
    body: () => multipart({ crea: '12.345-67' }),
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/user/{id}/enable',
    path: (fx) => `/api/user/${fx.managed.enable.id}/enable`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/user/{id}/disable',
    path: (fx) => `/api/user/${fx.managed.disable.id}/disable`,
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'PUT /api/user/{id}/set-admin',
    path: (fx) => `/api/user/${fx.managed.admin.id}/set-admin`,
    expect: onlyRoles(['admin'], 200),
  },

  // instances
  { route: 'GET /api/process-instance/all', expect: onlyRoles(['technician', 'admin'], 200) },
  {
    route: 'GET /api/process-instance/all',
    case: 'pending only',
    path: () => '/api/process-instance/all?status=pending',
    expect: onlyRoles(['technician', 'admin'], 200),
  },
  {
    route: 'GET /api/process-instance/all',
    case: 'office table: filters and sort',
    path: () =>
      '/api/process-instance/all?status=all&region=costeira_interna&municipality=camaqua&late=false&min_waiting_days=0&sort=-waiting_days',
    expect: onlyRoles(['technician', 'admin'], 200),
  },
  {
    route: 'GET /api/process-instance/search',
    path: () => '/api/process-instance/search?query=camaqua',
    expect: onlyRoles(['technician', 'admin'], 200),
  },
  {
    route: 'GET /api/process-instance/search',
    case: 'office table: filters and sort',
    path: () => '/api/process-instance/search?query=camaqua&status=all&sort=technician',
    expect: onlyRoles(['technician', 'admin'], 200),
  },
  {
    route: 'PUT /api/process-instance/assign',
    body: (fx) => ({
      payload: {
        instance_ids: [fx.workflow.assignInstanceId],
        technician_id: fx.users.technician.id,
      },
    }),
    expect: onlyRoles(['admin'], 200),
  },
  { route: 'GET /api/workload', expect: onlyRoles(['admin'], 200) },
  { route: 'GET /api/workload/settings', expect: onlyRoles(['technician', 'admin'], 200) },
  {
    route: 'PUT /api/workload/settings',
    body: () => ({ payload: { stale_days: 20 } }),
    expect: onlyRoles(['admin'], 200),
  },
  {
    route: 'GET /api/process-instance/{id}',
    path: (fx) => `/api/process-instance/${fx.workflow.acceptedInstanceId}`,
    expect: { ...signedIn(404), owner: 200, technician: 200, admin: 200 },
  },
  {
    route: 'PUT /api/process/{processId}/request',
    case: "one's own property",
    path: (fx) => `/api/process/${fx.workflow.requestProcessId}/request`,
    body: (fx, subject) =>
      multipart({
        business_id: subject === 'otherOwner' ? fx.otherOwnerPropertyId : fx.ownerPropertyId,
      }),
    expect: { ...onlyRoles(['owner'], 201), user: 404 },
  },
  {
    route: 'PUT /api/process/{processId}/request',
    case: "someone else's property",
    path: (fx) => `/api/process/${fx.workflow.otherRequestProcessId}/request`,
    body: (fx) => multipart({ business_id: fx.ownerPropertyId }),
    expect: { ...onlyRoles(['owner'], 201), user: 404, otherOwner: 404 },
  },
  {
    route: 'PUT /api/process/{processId}/request',
    case: 'draft seal',
    path: (fx) => `/api/process/${fx.workflow.draftProcessId}/request`,
    body: (fx) => multipart({ business_id: fx.ownerPropertyId }),
    expect: onlyRoles(['owner', 'user'], 404),
  },
  {
    route: 'POST /api/process/{processId}/start',
    path: (fx) => `/api/process/${fx.workflow.staffStartProcessId}/start`,
    body: (fx) => multipart({ business_id: fx.ownerPropertyId }),
    // The technician opened it first: the admin meets the open instance.
    expect: { ...onlyRoles(['technician', 'admin'], 201), admin: 409 },
  },
  {
    route: 'POST /api/process/{processId}/start',
    case: 'draft seal',
    path: (fx) => `/api/process/${fx.workflow.draftProcessId}/start`,
    body: (fx) => multipart({ business_id: fx.ownerPropertyId }),
    // Only admins see drafts; they are told why.
    expect: { ...onlyRoles(['technician', 'admin'], 404), admin: 409 },
  },
  {
    route: 'PUT /api/process-instance/{id}/evaluate',
    path: (fx) => `/api/process-instance/${fx.workflow.pendingInstanceId}/evaluate`,
    body: () => multipart({ reject: 'false' }),
    // The technician evaluated it first: the admin comes too late.
    expect: { ...onlyRoles(['technician', 'admin'], 200), admin: 409 },
  },
  {
    route: 'PUT /api/process-instance/{id}/start',
    path: (fx) => `/api/process-instance/${fx.workflow.acceptedInstanceId}/start`,
    expect: { ...onlyRoles(['owner'], 200), user: 404, otherOwner: 404 },
  },

  // certificates
  {
    route: 'PUT /api/process-instance/{id}/finish',
    path: (fx) => `/api/process-instance/${fx.certificates.ongoingInstanceId}/finish`,
    body: () => json({ approved: true, note: 'Lavoura conforme o protocolo' }),
    // The technician concluded it first: the admin finds it finished.
    expect: { ...onlyRoles(['technician', 'admin'], 200), admin: 409 },
  },
  {
    route: 'GET /api/certificate/{number}',
    path: (fx) => `/api/certificate/${fx.certificates.number}`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/certificate/{number}/pdf',
    path: (fx) => `/api/certificate/${fx.certificates.number}/pdf`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/process/{processId}/holders',
    path: (fx) => `/api/process/${fx.certificates.processId}/holders`,
    expect: everyone(200),
  },
  // registry: the public list of certificates and the producer's consent to appear in it
  { route: 'GET /api/registry', expect: everyone(200) },
  { route: 'GET /api/registry.csv', expect: everyone(200) },
  {
    route: 'PUT /api/process-instance/{id}/publish-consent',
    path: (fx) => `/api/process-instance/${fx.workflow.pendingInstanceId}/publish-consent`,
    body: () => json({ consent: true }),
    expect: { ...onlyRoles(['owner'], 200), user: 404, otherOwner: 404 },
  },
  { route: 'GET /api/auth/publication-consents', expect: signedIn(200) },
  ...(['suspend', 'revoke', 'reinstate'] as const).map((change): AccessRow => ({
    route: `PUT /api/certificate/{number}/${change}`,
    path: (fx) => `/api/certificate/${fx.certificates.standing[change]}/${change}`,
    body: () => json(change === 'reinstate' ? {} : { reason: 'documentation' }),
    expect: onlyRoles(['admin'], 200),
  })),
  // forms: the owner fills the form, staff only its producer-read-only fields
  {
    route: 'GET /api/process-instance/{id}/form/{formId}',
    path: (fx) => fx.forms.url,
    expect: { ...signedIn(404), technician: 200, admin: 200, owner: 200 },
  },
  {
    route: 'PUT /api/process-instance/{id}/form/{formId}/save',
    path: (fx) => `${fx.forms.url}/save`,
    body: (fx) => json({ fields: [{ id: fx.forms.textId, content: 'IRGA 424 RI' }] }),
    expect: { ...signedIn(404), owner: 200, technician: 403, admin: 403 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'PUT /api/process-instance/{id}/form/{formId}/save',
    case: 'a producer-read-only field',
    path: (fx) => `${fx.forms.url}/save`,
    body: (fx) => json({ fields: [{ id: fx.forms.staffId, content: 'Vistoria realizada' }] }),
    expect: { ...signedIn(404), owner: 403, technician: 200, admin: 200 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'PUT /api/process-instance/{id}/form/{formId}/field/{fieldId}/edit',
    path: (fx) => `${fx.forms.url}/field/${fx.forms.textId}/edit`,
    body: () => multipart({ content: 'IRGA 431 CL' }),
    expect: { ...signedIn(404), owner: 200, technician: 403, admin: 403 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'PUT /api/process-instance/{id}/form/{formId}/field/{fieldId}/edit',
    case: 'a producer-read-only field',
    path: (fx) => `${fx.forms.url}/field/${fx.forms.staffId}/edit`,
    body: () => multipart({ content: 'Parecer favorável' }),
    expect: { ...signedIn(404), owner: 403, technician: 200, admin: 200 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'POST /api/process-instance/{id}/form/{formId}/field/{fieldId}/add-row',
    path: (fx) => `${fx.forms.url}/field/${fx.forms.listId}/add-row`,
    expect: { ...signedIn(404), owner: 201, technician: 403, admin: 403 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'DELETE /api/process-instance/{id}/form/{formId}/field/{fieldId}/delete',
    path: (fx, subject = 'owner') => `${fx.forms.url}/field/${fx.forms.rows[subject]}/delete`,
    expect: { ...signedIn(404), owner: 200, technician: 403, admin: 403 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'POST /api/process-instance/{id}/form/{formId}/field/{fieldId}/proof',
    path: (fx) => `${fx.forms.url}/field/${fx.forms.proofId}/proof`,
    body: () => multipart({ file: file(PDF, 'outorga.pdf', 'application/pdf') }),
    expect: { ...signedIn(404), owner: 200, technician: 403, admin: 403 },
    invalid: FIELD_BY_FIELD,
  },
  {
    route: 'GET /api/process-instance/{id}/form/{formId}/field/{fieldId}/proof',
    path: (fx) => `${fx.forms.url}/field/${fx.forms.proofId}/proof`,
    expect: { ...signedIn(404), owner: 200, technician: 200, admin: 200 },
  },
  {
    route: 'PUT /api/process-instance/{id}/form/{formId}/finish',
    path: (fx) => `${fx.forms.finishUrl}/finish`,
    // Staff are refused before the form's state is looked at: the owner finished it first.
    expect: { ...signedIn(404), owner: 200, technician: 403, admin: 403 },
  },
  // review: pendências, vistorias, parecer técnico and the committee
  {
    route: 'POST /api/process-instance/{id}/pendencies',
    path: (fx) => `/api/process-instance/${fx.review.instanceId}/pendencies`,
    body: (fx) =>
      json({
        form_instance_id: fx.review.formInstanceId,
        field_instance_id: fx.review.fieldInstanceId,
        description: 'Envie a outorga atualizada',
        due_date: '2999-12-31',
      }),
    expect: onlyRoles(['technician', 'admin'], 201),
  },
  {
    route: 'GET /api/process-instance/{id}/pendencies',
    path: (fx) => `/api/process-instance/${fx.review.instanceId}/pendencies`,
    expect: { ...signedIn(404), owner: 200, technician: 200, admin: 200 },
  },
  {
    route: 'PUT /api/pendency/{id}/answer',
    path: (fx) => `/api/pendency/${fx.review.openPendencyId}/answer`,
    body: () => json({ answer: 'Outorga enviada' }),
    expect: { ...onlyRoles(['owner'], 200), user: 404, otherOwner: 404 },
  },
  {
    route: 'PUT /api/pendency/{id}/resolve',
    path: (fx) => `/api/pendency/${fx.review.answeredPendencyId}/resolve`,
    body: () => json({ note: 'Conferido' }),
    // The technician resolved it first: the admin finds it resolved.
    expect: { ...onlyRoles(['technician', 'admin'], 200), admin: 409 },
  },
  {
    route: 'PUT /api/pendency/{id}/reopen',
    path: (fx) => `/api/pendency/${fx.review.resolvedPendencyId}/reopen`,
    body: () => json({ note: 'Falta a assinatura' }),
    expect: { ...onlyRoles(['technician', 'admin'], 200), admin: 409 },
  },
  {
    route: 'POST /api/process-instance/{id}/inspections',
    path: (fx) => `/api/process-instance/${fx.review.instanceId}/inspections`,
    body: () =>
      multipart({
        visited_on: '2025-11-20',
        latitude: '-30.85',
        longitude: '-51.8',
        summary: 'Lavoura vistoriada',
        photos: file(PNG, 'lavoura.png', 'image/png'),
      }),
    expect: onlyRoles(['technician', 'admin'], 201),
  },
  {
    route: 'POST /api/process-instance/{id}/inspections/{inspectionId}/photos',
    path: (fx) =>
      `/api/process-instance/${fx.review.instanceId}/inspections/${fx.review.inspectionId}/photos`,
    body: () => multipart({ photos: file(PNG, 'taipa.png', 'image/png') }),
    expect: onlyRoles(['technician', 'admin'], 200),
  },
  {
    route: 'GET /api/process-instance/{id}/inspections',
    path: (fx) => `/api/process-instance/${fx.review.instanceId}/inspections`,
    expect: { ...signedIn(404), owner: 200, technician: 200, admin: 200 },
  },
  {
    route: 'GET /api/inspection/{id}/photo/{index}',
    path: (fx) => `/api/inspection/${fx.review.inspectionId}/photo/0`,
    expect: { ...signedIn(404), owner: 200, technician: 200, admin: 200 },
  },
  {
    route: 'PUT /api/process-instance/{id}/recommendation',
    path: (fx) => `/api/process-instance/${fx.review.committeeInstanceId}/recommendation`,
    body: () => json({ outcome: 'ouro', justification: 'Rastreabilidade completa' }),
    // Only the assigned technician gives the parecer técnico; admins decide.
    expect: onlyRoles(['technician'], 200),
  },
  {
    route: 'PUT /api/process-instance/{id}/finish',
    case: 'a committee decides',
    path: (fx) => `/api/process-instance/${fx.review.recommendedInstanceId}/finish`,
    body: () => json({ approved: true, level: 'ouro', note: 'Aprovado pelo comitê' }),
    expect: onlyRoles(['admin'], 200),
    // Whether a technician may conclude depends on the process's committee: it needs the row.
    invalid: { technician: 422 },
  },
  {
    route: 'PUT /api/process/{processId}/review-settings',
    path: (fx) => `/api/process/${fx.review.settingsProcessId}/review-settings`,
    body: () => json({ levels: ['prata', 'ouro'], committee: true }),
    expect: onlyRoles(['admin'], 200),
  },
  // safras: the next season, and the producer's confirmation of last season's answers
  {
    route: 'POST /api/process/{processId}/next-season',
    path: (fx) => `/api/process/${fx.seals.releasedProcessId}/next-season`,
    body: () =>
      json({
        safra: '2098/99',
        start_date: '2098-08-01',
        end_date: '2099-03-31',
        validity_start: '2099-04-01',
        validity_end: '2100-03-31',
      }),
    expect: onlyRoles(['admin'], 201),
  },
  {
    route: 'PUT /api/process-instance/{id}/form/{formId}/confirm',
    path: (fx) => `${fx.forms.url}/confirm`,
    body: () => json({}),
    // Only the producer confirms; staff write the fields the producer cannot, never confirm.
    expect: { ...signedIn(404), owner: 200, technician: 403, admin: 403 },
  },
];

/** One account per subject, a released seal with an image, a draft one and each owner's farm. */
export async function buildFixture(t: TestApp): Promise<Fixture> {
  const [pending, user, owner, otherOwner, technician, admin] = await Promise.all([
    createUser(t.db, { role: 'user', pending: true, password: PASSWORD }),
    createUser(t.db, { role: 'user', password: PASSWORD }),
    createUser(t.db, { role: 'owner', password: PASSWORD }),
    createUser(t.db, { role: 'owner', password: PASSWORD }),
    createUser(t.db, { role: 'technician', crea: '00000001234567', password: PASSWORD }),
    createUser(t.db, { role: 'admin', password: PASSWORD }),
  ]);
  const image = { imageMime: 'image/svg+xml' };
  const released = await createSeal(t.db, { stamp: { ...image, imageKey: 'matriz/liberado.svg' } });
  const draft = await createSeal(t.db, {
    process: { released: false },
    stamp: { ...image, imageKey: 'matriz/rascunho.svg' },
  });
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
  await t.deps.storage.put('matriz/liberado.svg', svg);
  await t.deps.storage.put('matriz/rascunho.svg', svg);
  // A field already listed by the draft and its form, so each list has a row behind it (the
  // fuzz gate pages past the end of every list, as every subject).
  const listedField = await createField(t.db);
  await addProcessFields(t.db, draft.process.id, [listedField.id]);
  const form = await createForm(t.db, draft.process.id, { fieldIds: [listedField.id] });
  const spareForm = await createForm(t.db, draft.process.id);
  const field = await createField(t.db);
  const property = await createProperty(t.db, { owner });
  const [enable, disable, technicianToBe, adminToBe] = await Promise.all([
    createUser(t.db, { role: 'user', disabled: true }),
    createUser(t.db, { role: 'owner' }),
    createUser(t.db, { role: 'user' }),
    createUser(t.db, { role: 'owner' }),
  ]);
  const otherProperty = await createProperty(t.db, { owner: otherOwner });
  const [requestSeal, otherRequestSeal, staffStartSeal] = await Promise.all([
    createSeal(t.db),
    createSeal(t.db),
    createSeal(t.db),
  ]);
  const pendingInstance = await createInstance(t.db, { property });
  const acceptedInstance = await createInstance(t.db, { property, technician });
  // Something for the other producer's bell too, and a line in the owner's history.
  await createInstance(t.db, { property: otherProperty, technician });
  await t.db
    .insert(userEvents)
    .values({ id: newId(), userId: owner.id, actorId: owner.id, type: 'profile_updated' });
  const certified = await createSeal(t.db);
  const ongoingInstance = await createInstance(t.db, {
    process: certified.process,
    property,
    technician,
    initiated: true,
  });
  // Consenting, so the public registry has a row to answer with.
  const certificate = await createCertificate(t.db, {
    process: certified.process,
    publishConsent: true,
  });
  const [toSuspend, toRevoke, toReinstate] = [
    await createCertificate(t.db, { process: certified.process }),
    await createCertificate(t.db, { process: certified.process }),
    await createCertificate(t.db, { process: certified.process }),
  ];
  await t.db
    .update(certificates)
    .set({ standing: 'suspended', standingReason: 'nonconformity', standingChangedAt: new Date() })
    .where(eq(certificates.id, toReinstate.id));
  const forms = await buildFormsFixture(t, property, technician);
  const review = await buildReviewFixture(t, property, technician, owner);
  return {
    users: { pending, user, owner, otherOwner, technician, admin },
    password: PASSWORD,
    releasedStampId: released.stamp.id,
    draftStampId: draft.stamp.id,
    ownerPropertyId: property.id,
    otherOwnerPropertyId: otherProperty.id,
    seals: {
      releasedProcessId: released.process.id,
      draftProcessId: draft.process.id,
      formId: form.id,
      spareFormId: spareForm.id,
      fieldId: field.id,
    },
    managed: { enable, disable, technician: technicianToBe, admin: adminToBe },
    workflow: {
      requestProcessId: requestSeal.process.id,
      otherRequestProcessId: otherRequestSeal.process.id,
      staffStartProcessId: staffStartSeal.process.id,
      draftProcessId: draft.process.id,
      pendingInstanceId: pendingInstance.id,
      acceptedInstanceId: acceptedInstance.id,
      assignInstanceId: (await createInstance(t.db, { property: otherProperty })).id,
    },
    certificates: {
      ongoingInstanceId: ongoingInstance.id,
      number: certificate.number,
      processId: certified.process.id,
      standing: {
        suspend: toSuspend.number,
        revoke: toRevoke.number,
        reinstate: toReinstate.number,
      },
    },
    forms,
    review,
  };
}

/** A started instance with a finished form, a pendência in each state and a vistoria; two committee instances. */
async function buildReviewFixture(
  t: TestApp,
  property: { id: string; ownerId: string },
  technician: UserRow,
  owner: UserRow,
): Promise<Fixture['review']> {
  const field = await createField(t.db, { type: 'text' });
  const { process } = await createSeal(t.db);
  const form = await createForm(t.db, process.id, { position: 0, fieldIds: [field.id] });
  const { instance, forms } = await startedInstance(t.db, { process, property, technician });
  const filled = forms.find((item) => item.formId === form.id)!;
  const fieldInstanceId = filled.fieldInstanceOf(field.id);
  const pendency = (status: 'open' | 'answered' | 'resolved') =>
    createPendency(t.db, {
      instance,
      formInstanceId: filled.id,
      fieldInstanceId,
      by: technician,
      owner,
      status,
    });
  const [open, answered, resolved] = [
    await pendency('open'),
    await pendency('answered'),
    await pendency('resolved'),
  ];
  await t.deps.storage.put('matriz/vistoria.png', PNG);
  const inspection = await createInspection(t.db, {
    instance,
    by: technician,
    photoKeys: ['matriz/vistoria.png'],
  });
  const committee = await createSeal(t.db, {
    process: { levels: ['prata', 'ouro'], committee: true },
  });
  const committeeInstance = await createInstance(t.db, {
    process: committee.process,
    property,
    technician,
    initiated: true,
  });
  const recommendedSeal = await createSeal(t.db, {
    process: { levels: ['prata', 'ouro'], committee: true },
  });
  const recommended = await createInstance(t.db, {
    process: recommendedSeal.process,
    property,
    technician,
    initiated: true,
    recommendation: { outcome: 'ouro', justification: 'Rastreabilidade completa' },
  });
  await createFormInstance(t.db, { instance: recommended, commited: true });
  const settings = await createSeal(t.db);
  return {
    instanceId: instance.id,
    formInstanceId: filled.id,
    fieldInstanceId,
    openPendencyId: open.id,
    answeredPendencyId: answered.id,
    resolvedPendencyId: resolved.id,
    inspectionId: inspection.id,
    committeeInstanceId: committeeInstance.id,
    recommendedInstanceId: recommended.id,
    settingsProcessId: settings.process.id,
  };
}

/** A started instance with a form of every kind of field (proof already sent) and one to finish. */
async function buildFormsFixture(
  t: TestApp,
  property: { id: string; ownerId: string },
  technician: UserRow,
): Promise<Fixture['forms']> {
  const column = await createField(t.db, { type: 'text' });
  const [text, staff, list, proof, plain] = await Promise.all([
    createField(t.db, { type: 'text' }),
    createField(t.db, { type: 'text', producerReadOnly: true }),
    createField(t.db, { type: 'form', children: [column.id] }),
    createField(t.db, { type: 'bool', proof: true }),
    createField(t.db, { type: 'text' }),
  ]);
  const { process } = await createSeal(t.db);
  const filled = await createForm(t.db, process.id, {
    position: 0,
    fieldIds: [text.id, staff.id, list.id, proof.id],
  });
  const toFinish = await createForm(t.db, process.id, { position: 1, fieldIds: [plain.id] });
  const { instance, forms } = await startedInstance(t.db, { process, property, technician });
  const formInstanceOf = (formId: string) => forms.find((form) => form.formId === formId)!;
  const { id: filledId, fieldInstanceOf: idOf } = formInstanceOf(filled.id);
  const rows = {} as Record<Subject, string>;
  for (const subject of SUBJECTS) rows[subject] = await addTableRow(t.db, filledId, list.id);
  await t.db.insert(proofs).values({
    id: newId(),
    fieldInstanceId: idOf(proof.id),
    storageKey: 'matriz/outorga.pdf',
    filename: 'outorga.pdf',
    mime: 'application/pdf',
    size: PDF.length,
  });
  await t.deps.storage.put('matriz/outorga.pdf', PDF);
  const base = `/api/process-instance/${instance.id}/form`;
  return {
    url: `${base}/${filledId}`,
    finishUrl: `${base}/${formInstanceOf(toFinish.id).id}`,
    textId: idOf(text.id),
    staffId: idOf(staff.id),
    listId: idOf(list.id),
    proofId: idOf(proof.id),
    rows,
  };
}

/** `GET /api/stamp/{id}/image` → method and Fastify's `/api/stamp/:id/image`. */
export function splitRoute(route: AccessRow['route']): { method: string; url: string } {
  const [method, openApiPath] = route.split(' ') as [string, string];
  return { method, url: openApiPath.replace(/\{(\w+)\}/g, ':$1') };
}
