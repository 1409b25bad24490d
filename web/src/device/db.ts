import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** An API answer as this device last received it, for one account. */
export interface StoredAnswer {
  account: string;
  /** As the client builds it: `/api/process-instance/…?limit=200`. */
  url: string;
  /** A JSON answer's text, or null for a file's. */
  text: string | null;
  /** A file's bytes (a photo, a proof). */
  bytes: ArrayBuffer | null;
  contentType: string;
  /** X-Total-Count, when the answer had one. */
  total: string | null;
  storedAt: number;
  size: number;
  /** What the user asked to keep offline that holds it (`instance:<id>`); none: last seen only. */
  groups: string[];
}

/** A set of answers the user keeps on this device ('Disponível sem conexão'). */
export interface KeptGroup {
  account: string;
  group: string;
  /** How the list names it: 'Selo Ambiental — Granja Santa Rita'. */
  label: string;
  /** The page it opens. */
  href: string;
  keptAt: number;
  /** The bytes its answers take. */
  size: number;
}

export type OutboxState = 'waiting' | 'sending' | 'conflict' | 'failed';

/** A file a write sends with tus, kept whole until it is in. */
export interface OutboxFile {
  name: string;
  type: string;
  lastModified: number;
  bytes: ArrayBuffer;
  /** The Idempotency-Key of its upload's creation. */
  key: string;
  /** Where its upload resumes once created. */
  uploadUrl?: string;
  sent: boolean;
}

/** One write made on this device, waiting to reach the server. */
export interface OutboxItem {
  id: string;
  account: string;
  /** The order it was written in; sent in that order. */
  seq: number;
  createdAt: number;
  /** What it is, in words: 'Vistoria de 28/11/2026'. */
  title: string;
  /** What the user wrote, as the list and a conflict show it. */
  written: {
    label: string;
    value: string;
    /** A form field's instance id: a conflict shows the server's value beside. */ fieldId?: string;
  }[];
  /** The instance page it belongs to. */
  instanceId?: string;
  /** What it changes (`pendency:<id>`): later writes to the same target wait behind it. */
  target: string;
  /** How a conflict is applied again: `form-save` takes the server's field versions. */
  kind: string;
  request?: {
    method: 'POST' | 'PUT';
    path: string;
    /** A JSON body, as the API client sends it (camelCase keys, converted on the way). */
    json?: unknown;
    /** A multipart body's fields, with their wire names. */
    form?: Record<string, string>;
  };
  /** The request's Idempotency-Key, the same on every try; a new one only when applied again. */
  key: string;
  files: OutboxFile[];
  /** Where the files go; `{answerId}` is the request's answer's id (a vistoria's photos). */
  filesTarget?: string;
  answerId?: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  /** Why it waits or failed, in pt-BR. */
  problem?: string;
  /** A 409's body: the server's message and the target as it is now. */
  conflict?: { detail: string; current: unknown };
}

interface OfflineSchema extends DBSchema {
  answers: { key: [string, string]; value: StoredAnswer; indexes: { account: string } };
  kept: { key: [string, string]; value: KeptGroup; indexes: { account: string } };
  outbox: { key: string; value: OutboxItem; indexes: { account: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const NAME = 'agroselo-offline';
let opened: Promise<OfflineDb> | null = null;

/** The device's store of answers, kept groups and the outbox (IndexedDB). */
export function offlineDb(): Promise<OfflineDb> {
  opened ??= openDB<OfflineSchema>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('answers', { keyPath: ['account', 'url'] }).createIndex(
        'account',
        'account',
      );
      db.createObjectStore('kept', { keyPath: ['account', 'group'] }).createIndex(
        'account',
        'account',
      );
      db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('account', 'account');
    },
    // Another tab opening a newer version of the store: this one lets go.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

/** Closes the store (tests: what a reload does). */
export async function closeOfflineDb(): Promise<void> {
  const db = opened;
  opened = null;
  (await db)?.close();
}

/** An IndexedDB write refused for want of space. */
export const isQuotaError = (error: unknown) =>
  error instanceof DOMException &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

export const NO_SPACE =
  'O aparelho está sem espaço livre para guardar isto. Libere espaço (fotos, vídeos, aplicativos) e tente de novo.';
