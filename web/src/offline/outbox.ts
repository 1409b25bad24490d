import { messages } from '@agroselo/contracts';
import { isQuotaError, NO_SPACE, offlineDb, type OutboxFile, type OutboxItem } from '../device/db';

export type { OutboxItem, OutboxFile, OutboxState } from '../device/db';

/** What a write is made of when written; the outbox adds its order, key and state. */
export type NewOutboxItem = Pick<
  OutboxItem,
  'title' | 'written' | 'instanceId' | 'target' | 'kind' | 'request' | 'filesTarget'
> & {
  files?: Pick<OutboxFile, 'name' | 'type' | 'lastModified' | 'bytes'>[];
  /** The Idempotency-Key a first try online already used, so a lost answer is not a second write. */
  key?: string;
};

/** How an item fails to send, as `send` throws it. */
export interface SendFailure {
  /** 0: no answer (no connection); otherwise the HTTP status. */
  status: number;
  message: string;
  body?: unknown;
}

/** Sends one item (its request, then its files); may record progress on it through `save`. */
export type Sender = (item: OutboxItem, save: (item: OutboxItem) => Promise<void>) => Promise<void>;

/** Waits before the next try after a failure that may pass (no connection, a server error). */
export const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
export const backoff = (attempts: number) =>
  BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A 409 whose body holds the target as it is now (`current`, or a form save's field `conflicts`):
 * the server changed meanwhile, and only the user can say what to do. A 409 without it is a
 * request still running under the same key, which a later try settles.
 */
const isConflict = (failure: SendFailure) =>
  failure.status === 409 &&
  isRecord(failure.body) &&
  ('current' in failure.body || 'conflicts' in failure.body);

/**
 * Failures a later try may get past: no answer, a server error or a busy one, and the same key
 * still running. Not a 409 saying the write was done but its answer lost (DESIGN §4c): trying
 * again would get the same; the user is shown it.
 */
const passes = (failure: SendFailure) =>
  failure.status === 0 ||
  failure.status === 408 ||
  failure.status === 429 ||
  failure.status >= 500 ||
  (failure.status === 409 &&
    !isConflict(failure) &&
    failure.message !== messages.offline.answerLost);

export const asFailure = (error: unknown): SendFailure =>
  isRecord(error) && typeof error.status === 'number'
    ? {
        status: error.status,
        message: typeof error.message === 'string' ? error.message : '',
        body: error.body,
      }
    : { status: 0, message: error instanceof Error ? error.message : '' };

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
/**
 * Other tabs of the app hear of every change too. Opened on first use in a browser only: an open
 * channel would keep a Node process (the server's render, the build's prerender) from ending.
 */
function tabs(): BroadcastChannel | null {
  if (channel || typeof window === 'undefined' || typeof BroadcastChannel === 'undefined')
    return channel;
  channel = new BroadcastChannel('agroselo-outbox');
  channel.addEventListener('message', () => listeners.forEach((listener) => listener()));
  return channel;
}
function changed() {
  listeners.forEach((listener) => listener());
  tabs()?.postMessage('changed');
}

/** Told whenever an item is added, changes state or leaves (in this tab or another). */
export function onOutboxChange(listener: () => void): () => void {
  tabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let lastSeq = 0;
/** Increasing across tabs and reloads: the time, and one more when two writes share a millisecond. */
const nextSeq = () => (lastSeq = Math.max(Date.now(), lastSeq + 1));

/** Adds a write of `account` at the end of the outbox; it keeps it until sent or discarded. */
export async function enqueue(account: string, write: NewOutboxItem): Promise<OutboxItem> {
  const now = Date.now();
  const item: OutboxItem = {
    ...write,
    id: crypto.randomUUID(),
    account,
    seq: nextSeq(),
    createdAt: now,
    key: write.key ?? crypto.randomUUID(),
    files: (write.files ?? []).map((file) => ({ ...file, key: crypto.randomUUID(), sent: false })),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
  };
  try {
    await (await offlineDb()).put('outbox', item);
  } catch (error) {
    throw isQuotaError(error) ? new Error(NO_SPACE) : error;
  }
  changed();
  return item;
}

/** The account's items in the order written. */
export async function outboxItems(account: string): Promise<OutboxItem[]> {
  const items = await (await offlineDb()).getAllFromIndex('outbox', 'account', account);
  return items.sort((a, b) => a.seq - b.seq);
}

async function save(item: OutboxItem): Promise<void> {
  await (await offlineDb()).put('outbox', item);
  changed();
}

/** Drops an item: the user's choice after a conflict or a refusal ('Descartar'). */
export async function discard(id: string): Promise<void> {
  await (await offlineDb()).delete('outbox', id);
  changed();
}

/**
 * Sends a refused or conflicting item again ('Aplicar de novo'), under a new Idempotency-Key (the
 * server keeps the refusal under the old one). A form save is based on the fields' versions the
 * conflict showed: the user's values over what the server holds now.
 */
export async function applyAgain(id: string): Promise<void> {
  const db = await offlineDb();
  const item = await db.get('outbox', id);
  if (!item) return;
  const request = item.request && rebase(item.kind, item.request, item.conflict);
  const { conflict: _conflict, problem: _problem, ...rest } = item;
  await save({
    ...rest,
    ...(request ? { request } : {}),
    key: crypto.randomUUID(),
    files: item.files.map((file) =>
      file.sent ? file : { ...file, key: crypto.randomUUID(), uploadUrl: undefined },
    ),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: Date.now(),
  });
}

/** The versions of a form's fields as a conflict shows them: `conflicts`, or `current`'s fields. */
function currentVersions(conflict: OutboxItem['conflict']): Map<string, number> {
  const versions = new Map<string, number>();
  const current = conflict?.current;
  const add = (field: unknown) => {
    if (isRecord(field) && typeof field.id === 'string' && typeof field.version === 'number')
      versions.set(field.id, field.version);
  };
  if (Array.isArray(current)) current.forEach(add);
  if (isRecord(current) && Array.isArray(current.field_instances))
    for (const field of current.field_instances) {
      add(field);
      if (isRecord(field) && Array.isArray(field.child_field_instances))
        field.child_field_instances.forEach(add);
    }
  return versions;
}

/**
 * The request applied again over the target as the conflict showed it: a form's save on the
 * fields' current versions, a pendência's step on its current status.
 */
function rebase(
  kind: string,
  request: NonNullable<OutboxItem['request']>,
  conflict: OutboxItem['conflict'],
): NonNullable<OutboxItem['request']> {
  if (kind === 'form-save') return rebaseFormSave(request, conflict);
  const current = conflict?.current;
  const json = request.json;
  if (
    isRecord(json) &&
    'expectedStatus' in json &&
    isRecord(current) &&
    typeof current.status === 'string'
  )
    return { ...request, json: { ...json, expectedStatus: current.status } };
  return request;
}

function rebaseFormSave(
  request: NonNullable<OutboxItem['request']>,
  conflict: OutboxItem['conflict'],
): NonNullable<OutboxItem['request']> {
  const versions = currentVersions(conflict);
  const json = request.json as { fields?: { id: string; version?: number }[] } | undefined;
  if (!json?.fields) return request;
  return {
    ...request,
    json: {
      ...json,
      fields: json.fields.map((field) => ({
        ...field,
        version: versions.get(field.id) ?? field.version,
      })),
    },
  };
}

/** A session ended (401): the account's items wait until it signs in again. */
export class SessionEnded extends Error {}

/**
 * Sends the account's waiting items in the order written, one at a time, until one cannot be
 * sent for now (no connection: it and everything after it wait for the next try, with backoff).
 * A conflict or a refusal sets its item aside for the user's choice; later writes to the same
 * target wait behind it, the others go on. Resolves with when to try again (null: nothing waits).
 */
export async function sendWaiting(
  account: string,
  send: Sender,
  onSent?: (item: OutboxItem) => void,
): Promise<number | null> {
  for (;;) {
    const items = await outboxItems(account);
    const held = new Set(
      items
        .filter((item) => item.state === 'conflict' || item.state === 'failed')
        .map((item) => item.target),
    );
    const ready = items.filter(
      (item) => (item.state === 'waiting' || item.state === 'sending') && !held.has(item.target),
    );
    const next = ready[0];
    if (!next) return null;
    if (next.nextAttemptAt > Date.now()) return next.nextAttemptAt;
    let current: OutboxItem = { ...next, state: 'sending' };
    await save(current);
    try {
      await send(current, async (progress) => {
        current = progress;
        await save(current);
      });
    } catch (error) {
      if (error instanceof SessionEnded) {
        await save({ ...current, state: 'waiting', problem: error.message });
        return null;
      }
      const failure = asFailure(error);
      if (passes(failure)) {
        const attempts = current.attempts + 1;
        const nextAttemptAt = Date.now() + backoff(attempts);
        await save({
          ...current,
          state: 'waiting',
          attempts,
          nextAttemptAt,
          problem: failure.message,
        });
        return nextAttemptAt;
      }
      await save(
        isConflict(failure)
          ? {
              ...current,
              state: 'conflict',
              problem: failure.message,
              conflict: {
                detail: failure.message,
                current: isRecord(failure.body)
                  ? (failure.body.current ?? failure.body.conflicts)
                  : undefined,
              },
            }
          : { ...current, state: 'failed', problem: failure.message },
      );
      continue;
    }
    await discard(current.id);
    onSent?.(current);
  }
}

/** Every item waiting for the network may go at once (the link is back). */
export async function retryNow(account: string): Promise<void> {
  const db = await offlineDb();
  const items = await db.getAllFromIndex('outbox', 'account', account);
  const now = Date.now();
  const late = items.filter((item) => item.state === 'waiting' && item.nextAttemptAt > now);
  if (late.length === 0) return;
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all(late.map((item) => tx.store.put({ ...item, nextAttemptAt: now })));
  await tx.done;
  changed();
}

/** Everything this account left on the device: its outbox and stored answers (logout). */
export async function forgetAccount(account: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'answers', 'kept'], 'readwrite');
  const deleteAll = async (keys: IDBValidKey[], remove: (key: IDBValidKey) => Promise<void>) => {
    for (const key of keys) await remove(key);
  };
  const outbox = tx.objectStore('outbox');
  const answers = tx.objectStore('answers');
  const kept = tx.objectStore('kept');
  await deleteAll(await outbox.index('account').getAllKeys(account), (key) =>
    outbox.delete(key as string),
  );
  await deleteAll(await answers.index('account').getAllKeys(account), (key) =>
    answers.delete(key as [string, string]),
  );
  await deleteAll(await kept.index('account').getAllKeys(account), (key) =>
    kept.delete(key as [string, string]),
  );
  await tx.done;
  changed();
}
