import { API_BASE, request, tokenStore } from '../api';
import { accountOf } from './account';
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

/** Keeps `write` in the outbox, to be sent when the link allows, in the order written. */
export async function queueWrite(write: NewOutboxItem): Promise<OutboxItem> {
  const item = await enqueue(signedInAccount(), write);
  void keepStorage();
  void requestBackgroundSync();
  void flushOutbox();
  return item;
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
  const account = signedInAccount();
  const key = crypto.randomUUID();
  const earlier = await outboxItems(account).catch(() => []);
  if (navigator.onLine && earlier.length === 0) {
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
