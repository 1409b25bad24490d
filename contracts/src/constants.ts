/**
 * Constants and rules without zod: the web app's first screen imports these, and must not load a
 * validation library to read a role label or a header name (the landing loads ≤ 180 KB of JS).
 */

export const ROLES = ['user', 'owner', 'technician', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Usuário',
  owner: 'Produtor',
  technician: 'Técnico',
  admin: 'Administrador',
  staff: 'Interno',
};

/** Roles that follow every process: they see the dashboard and evaluate requests. */
export const STAFF_ROLES: readonly Role[] = ['technician', 'admin'];
/** Roles of producers: they own properties and request seals. */
export const PRODUCER_ROLES: readonly Role[] = ['user', 'owner'];

/** Spec §4: the order of the enum is part of the contract. */
export enum InstanceStatus {
  ONGOING = 0,
  FINISHED = 1,
  PENDING = 2,
  PRODUCER_PENDING = 3,
  REJECTED = 4,
}

export interface InstanceFlags {
  finished: boolean;
  rejected: boolean;
  initiated: boolean;
  hasTechnician: boolean;
}

/** Spec §4: the status is derived from the flags, in this order. */
export function instanceStatus(flags: InstanceFlags): InstanceStatus {
  if (flags.finished) return InstanceStatus.FINISHED;
  if (!flags.hasTechnician) return InstanceStatus.PENDING;
  if (flags.rejected) return InstanceStatus.REJECTED;
  if (flags.initiated) return InstanceStatus.ONGOING;
  return InstanceStatus.PRODUCER_PENDING;
}

/** The levels a process may offer (DESIGN §4b): Ouro requires full traceability. */
export const SEAL_LEVELS = ['prata', 'ouro'] as const;
export type SealLevel = (typeof SEAL_LEVELS)[number];

export const SEAL_LEVEL_LABELS: Record<SealLevel, string> = {
  prata: 'Selo Prata',
  ouro: 'Selo Ouro',
};

export const PENDENCY_STATUSES = ['open', 'answered', 'resolved'] as const;
export type PendencyStatus = (typeof PENDENCY_STATUSES)[number];

export const PENDENCY_STATUS_LABELS: Record<PendencyStatus, string> = {
  open: 'Aberta',
  answered: 'Respondida',
  resolved: 'Resolvida',
};

export const PENDENCY_TEXT_MAX = 2000;
export const INSPECTION_SUMMARY_MAX = 4000;
export const RECOMMENDATION_MAX = 4000;
export const INSPECTION_PHOTOS_MAX = 10;
export const INSPECTION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export const RECOMMENDATION_OUTCOMES = ['prata', 'ouro', 'reprovar'] as const;
export type RecommendationOutcome = (typeof RECOMMENDATION_OUTCOMES)[number];

export const RECOMMENDATION_LABELS: Record<RecommendationOutcome, string> = {
  prata: 'Aprovar Prata',
  ouro: 'Aprovar Ouro',
  reprovar: 'Reprovar',
};

/** The longest note ('parecer') a conclusion keeps. */
export const CONCLUSION_NOTE_MAX = 2000;
/** The longest note an admin keeps with a suspension, revocation or reinstatement. */
export const STANDING_NOTE_MAX = 1000;

export const STANDING_REASONS = [
  'nonconformity',
  'documentation',
  'license',
  'producer_request',
  'other',
] as const;
export type StandingReason = (typeof STANDING_REASONS)[number];

export const STANDING_REASON_LABELS: Record<StandingReason, string> = {
  nonconformity: 'Não conformidade constatada',
  documentation: 'Irregularidade documental',
  license: 'Licença ambiental vencida ou cassada',
  producer_request: 'A pedido do produtor',
  other: 'Outro motivo',
};

export const FIELD_TYPES = ['text', 'date', 'datetime', 'bool', 'number', 'form'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Texto',
  date: 'Data',
  datetime: 'Data/Hora',
  bool: 'Sim/Não',
  number: 'Número',
  form: 'Lista',
};

/** The units the builder offers for a 'Número'; any other short label may be typed. */
export const NUMBER_UNITS = ['ha', 'cm', 'L/ha', 'kg'] as const;
export const NUMBER_UNIT_MAX = 20;
/** Decimal places a 'Número' may take (0: whole numbers); 2 when the builder gives none. */
export const NUMBER_DECIMALS_MAX = 4;
export const NUMBER_DECIMALS_DEFAULT = 2;
/** The largest magnitude of a 'Número' (a trillion: hectares, kilos and litres fit well below). */
export const NUMBER_ABS_MAX = 1e12;

/** The longest answer of a text field (a paragraph or two; a report goes as a proof). */
export const FIELD_TEXT_MAX = 4000;
/** Rows of one Lista field: a season's applications or lots fit well below it. */
export const TABLE_ROWS_MAX = 200;
/** Fields of one save: a form of 40 fields and a 200-row table of 20 columns fit. */
export const SAVE_FIELDS_MAX = 5000;
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** Checked by the bytes on the server; the browser's `File.type` only helps the picker. */
export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export const PENDING_MESSAGES = {
  staff: 'Processo solicitado. Avalie aqui!',
  owner: 'Processo aceito. Inicie o processo aqui!',
  /** The review (issue 20): an answered pendência waits for the staff, an open one for its owner. */
  pendencyAnswered: 'Pendência respondida. Revise aqui!',
  pendencyOpen: 'Pendência aberta. Corrija aqui!',
  /** Assignment (issue 43): a request an admin assigned to this technician, not yet evaluated. */
  assigned: 'Processo atribuído a você. Avalie aqui!',
} as const;

/**
 * Resumable uploads (tus 1.0, DESIGN §4b): a file is created at UPLOADS_PATH, sent in parts and,
 * with its last byte, attached as the multipart route named by its `target` would attach it.
 */
export const UPLOADS_PATH = '/api/uploads';

/**
 * Bytes per PATCH: a cut link loses at most one part, and one part takes a few seconds even on a
 * slow 3G uplink (400 kbit/s).
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/**
 * Writes sent again after a lost answer (DESIGN §4c): the outbox gives each write a key made on
 * the device (a UUID) in this header, and the server answers the same key and request with the
 * answer it kept, for IDEMPOTENCY_RETENTION_DAYS days after the key's first use.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_RETENTION_DAYS = 7;
/** `true` on an answer given again from the one kept under the key, not written again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Lists send their full count in this header (DESIGN §4). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

// Building a formatter loads the time zone's rules, which costs more than a whole cached answer
// of the API: it is built once, on first use, and shared.
let saoPauloDays: Intl.DateTimeFormat | undefined;

export function toSaoPauloDay(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  saoPauloDays ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
  return saoPauloDays.format(date);
}

/**
 * The cookies the web app writes beside its stored token (web/src/api/session-cookie.ts) and the
 * server reads for a signed-in page's HTML only (server/src/plugins/signed-in-pages.ts): the token
 * itself and the browser's IANA time zone.
 */
export const SESSION_COOKIE = 'agroselo_session';
export const TIME_ZONE_COOKIE = 'agroselo_tz';

/**
 * index.html's #root as written and as the build leaves it: the boot screen only. The build puts a
 * prerendered page in its place (web/vite.config.ts), the server a signed-in one
 * (server/src/plugins/signed-in-pages.ts).
 */
export const INDEX_BOOT_ROOT = /<div id="root">\s*<div class="boot">[\s\S]*?<\/div>\s*<\/div>/;
