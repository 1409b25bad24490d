import { AsyncLocalStorage } from 'node:async_hooks';
import { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * What must commit with whatever a piece of work writes: a request's Idempotency-Key marked as
 * written, with its answer (plugins/idempotency.ts); a resumable upload recorded as finished
 * (modules/uploads). Each outermost transaction opened while the hook is in force runs
 * `beforeCommit` last, inside itself, so both commit or neither does.
 */
export interface CommitHook {
  /** The route's answer, given by its service inside the transaction that writes it. */
  answer?(value: unknown): void;
  beforeCommit(tx: Db): Promise<void>;
}

const hooks = new AsyncLocalStorage<CommitHook>();

/** Runs `work` with `hook` in force for every transaction it opens, on any database handle. */
export const withCommitHook = <T>(hook: CommitHook, work: () => T): T => hooks.run(hook, work);

/**
 * A service tells its route's answer, built inside the transaction of its write: where a hook
 * keeps answers (a keyed request, an upload's last part), the answer commits with the write, and
 * a lost answer is never written twice. Elsewhere this does nothing.
 */
export function recordAnswer<T>(answer: T): T {
  hooks.getStore()?.answer?.(answer);
  return answer;
}

type Transaction = PgDatabase<never>['transaction'];
const transaction = PgDatabase.prototype.transaction as Transaction;

// Drizzle's transactions (PgliteTransaction, NodePgTransaction) override `transaction` with
// savepoints: only the outermost transaction, the one that commits, runs the hook.
PgDatabase.prototype.transaction = function (
  this: PgDatabase<never>,
  work: Parameters<Transaction>[0],
  config?: Parameters<Transaction>[1],
) {
  const hook = hooks.getStore();
  if (!hook) return transaction.call(this, work, config);
  return transaction.call(
    this,
    async (tx) => {
      const result = await work(tx);
      await hook.beforeCommit(tx as unknown as Db);
      return result;
    },
    config,
  );
} as Transaction;
