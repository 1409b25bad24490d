import { TOTAL_COUNT_HEADER } from '@agroselo/contracts';
import { isQuotaError, NO_SPACE, offlineDb, type KeptGroup, type StoredAnswer } from './db';
import { STORED_AT_HEADER } from './stored';

/** A file larger than this is not kept as last seen (a kept group keeps it whatever its size). */
const LAST_SEEN_FILE_MAX = 5 * 1024 * 1024;
/** Answers kept as last seen per account, beyond those of kept groups; the oldest go first. */
const LAST_SEEN_MAX = 300;

const isJson = (type: string) => /json/i.test(type);

/**
 * Keeps `response` (an answer to `url` for `account`, read from a clone) as the one to serve when
 * the network does not answer; in `group` too when given. Resolves with the bytes it takes.
 */
export async function keepAnswer(
  account: string,
  url: string,
  response: Response,
  group?: string,
): Promise<number> {
  const contentType = response.headers.get('Content-Type') ?? '';
  const json = isJson(contentType);
  const text = json ? await response.text() : null;
  const bytes = json ? null : await response.arrayBuffer();
  const size = text !== null ? new TextEncoder().encode(text).byteLength : bytes!.byteLength;
  if (!group && !json && size > LAST_SEEN_FILE_MAX) return 0;
  const db = await offlineDb();
  const before = await db.get('answers', [account, url]);
  const groups = [...new Set([...(before?.groups ?? []), ...(group ? [group] : [])])];
  const answer: StoredAnswer = {
    account,
    url,
    text,
    bytes,
    contentType,
    total: response.headers.get(TOTAL_COUNT_HEADER),
    storedAt: Date.now(),
    size,
    groups,
  };
  try {
    await db.put('answers', answer);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    // Room is made from what was only last seen; what the user chose to keep stays.
    await evictLastSeen(account, 0);
    try {
      await db.put('answers', answer);
    } catch (again) {
      if (isQuotaError(again) && groups.length > 0) throw new Error(NO_SPACE);
      if (!isQuotaError(again)) throw again;
      return 0;
    }
  }
  if (groups.length === 0) await evictLastSeen(account, LAST_SEEN_MAX);
  return size;
}

/** Drops the oldest answers of `account` that no kept group holds, down to `keep` of them. */
async function evictLastSeen(account: string, keep: number): Promise<void> {
  const db = await offlineDb();
  const keys = await db.getAllKeysFromIndex('answers', 'account', account);
  if (keys.length <= keep) return;
  const tx = db.transaction('answers', 'readwrite');
  const loose: { key: [string, string]; storedAt: number }[] = [];
  for (let cursor = await tx.store.index('account').openCursor(account); cursor;) {
    if (cursor.value.groups.length === 0)
      loose.push({ key: [account, cursor.value.url], storedAt: cursor.value.storedAt });
    cursor = await cursor.continue();
  }
  loose.sort((a, b) => a.storedAt - b.storedAt);
  await Promise.all(
    loose.slice(0, Math.max(0, loose.length - keep)).map(({ key }) => tx.store.delete(key)),
  );
  await tx.done;
}

/** The answer last stored for `url`, as a Response carrying when it was stored; or null. */
export async function storedAnswer(account: string, url: string): Promise<Response | null> {
  const answer = await (await offlineDb()).get('answers', [account, url]);
  if (!answer) return null;
  const headers = new Headers({
    'Content-Type': answer.contentType,
    [STORED_AT_HEADER]: String(answer.storedAt),
  });
  if (answer.total !== null) headers.set(TOTAL_COUNT_HEADER, answer.total);
  return new Response(answer.text ?? answer.bytes, { status: 200, headers });
}

/** Records a kept group, with the bytes its answers take now. */
export async function recordKeptGroup(entry: Omit<KeptGroup, 'size' | 'keptAt'>): Promise<void> {
  const db = await offlineDb();
  const answers = await db.getAllFromIndex('answers', 'account', entry.account);
  const size = answers
    .filter((answer) => answer.groups.includes(entry.group))
    .reduce((total, answer) => total + answer.size, 0);
  await db.put('kept', { ...entry, size, keptAt: Date.now() });
}

/** What `account` keeps on this device, the most recent first. */
export async function keptGroups(account: string): Promise<KeptGroup[]> {
  const kept = await (await offlineDb()).getAllFromIndex('kept', 'account', account);
  return kept.sort((a, b) => b.keptAt - a.keptAt);
}

/** No longer keeps `group`: its answers stay as last seen until newer ones push them out. */
export async function forgetKeptGroup(account: string, group: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['answers', 'kept'], 'readwrite');
  const answers = tx.objectStore('answers');
  for (let cursor = await answers.index('account').openCursor(account); cursor;) {
    if (cursor.value.groups.includes(group))
      await cursor.update({
        ...cursor.value,
        groups: cursor.value.groups.filter((name) => name !== group),
      });
    cursor = await cursor.continue();
  }
  await tx.objectStore('kept').delete([account, group]);
  await tx.done;
}
