import { API_BASE, request, tokenStore } from '../api';
import { accountOf } from '../device/account';
import { asFailure, enqueue, outboxItems, type NewOutboxItem, type OutboxItem } from './outbox';
import { requestBackgroundSync } from './register';
import { flushOutbox } from './runner';
import { keepStorage } from './storage';

/** What a write of the signed-in account made offline needs: an account to keep it for. */
function signedInAccount(): string {
  const account = accountOf(tokenStore.get());
  if (!account) throw new Error('Entre com a sua conta para registrar isto.');
  return account;
}

/**
 * What an instance's writes change, for the outbox: a conflict or a refusal on one of them (its
 * pendências, forms, vistorias, parecer) holds the later writes of the same instance until the
 * user chooses.
 */
export const instanceTarget = (instanceId: string) => `instance:${instanceId}`;

/** Keeps `write` in the outbox, to be sent when the link allows, in the order written. */
export async function queueWrite(write: NewOutboxItem): Promise<OutboxItem> {
  const item = await enqueue(signedInAccount(), write);
  void keepStorage();
  void requestBackgroundSync();
  void flushOutbox();
  return item;
}

/** Whether writes of the signed-in account wait in the outbox (a new one must go after them). */
export async function writesWaiting(): Promise<boolean> {
  const account = accountOf(tokenStore.get());
  if (!account) return false;
  return (await outboxItems(account).catch(() => [])).length > 0;
}

/** A file as the outbox keeps it, bytes and all. */
export async function storedFile(file: File) {
  return {
    name: file.name,
    type: file.type,
    lastModified: file.lastModified,
    bytes: await file.arrayBuffer(),
  };
}

export type SentOrQueued<T> = { queued: false; answer: T } | { queued: true };

/**
 * A write sent at once when the browser is online and nothing of the account waits before it,
 * as before, under an Idempotency-Key; kept in the outbox instead when offline, when earlier
 * writes still wait (it goes after them), or when the request got no answer (the same key then
 * goes again, so a write that did arrive is not made twice). A refusal is thrown as before.
 */
export async function sendNowOrQueue<T>(
  write: NewOutboxItem & { request: NonNullable<NewOutboxItem['request']> },
): Promise<SentOrQueued<T>> {
  const key = crypto.randomUUID();
  if (navigator.onLine && !(await writesWaiting())) {
    const { method, path, json } = write.request;
    try {
      const answer = await request<T>(path.slice(API_BASE.length), {
        method,
        body: json,
        idempotencyKey: key,
      });
      return { queued: false, answer };
    } catch (error) {
      if (asFailure(error).status !== 0) throw error;
    }
  }
  await queueWrite({ ...write, key });
  return { queued: true };
}
