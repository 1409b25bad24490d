import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { newId } from './ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Stores the message with the caller's transaction, so it exists exactly when the change does. */
  enqueue(db: Db, message: MailMessage): Promise<void>;
  /** The same for many messages (a notice to every technician) in one statement. */
  enqueueMany(db: Db, messages: readonly MailMessage[]): Promise<void>;
  /** Delivers what is due; failures are kept for a later try with a growing delay. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 8;
const RETRY_EVERY_MS = 30_000;
const BATCH_SIZE = 20;
/** How long a claimed message stays away from other senders; a sender that dies frees it then. */
const CLAIM_LEASE_MS = 5 * 60_000;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

type OutboxRow = typeof mailOutbox.$inferSelect;

const outboxRow = (message: MailMessage) => ({
  id: newId(),
  toAddress: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
});

export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, from, log } = options;
  const { smtpUrl } = options;
  // nodemailer loads with the first message sent over SMTP: without SMTP_URL (the demo, the
  // embedded mode) it never does, and stays out of the process's memory (docs/decisions/013).
  let transport: Promise<Transporter> | undefined;
  const transporter = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(url),
    ));
  let running: Promise<void> | null = null;

  /**
   * Takes due messages for this process alone, in one statement: rows another server is claiming
   * are skipped (SKIP LOCKED), and the lease keeps a claimed row from every other sender until it
   * is marked sent or failed (DESIGN §9).
   */
  async function claimDue(): Promise<OutboxRow[]> {
    const now = new Date();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function deliver(mail: OutboxRow): Promise<void> {
    if (!smtpUrl) {
      // Without SMTP the outbox is the dev mailbox: the text goes to the log for the developer.
      log.info(
        { to: mail.toAddress, subject: mail.subject },
        `e-mail (caixa de desenvolvimento):\n${mail.text}`,
      );
      await db
        .update(mailOutbox)
        .set({ status: 'dev', sentAt: new Date() })
        .where(eq(mailOutbox.id, mail.id));
      return;
    }
    try {
      await (
        await transporter(smtpUrl)
      ).sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
    } catch (error) {
      log.warn(
        { err: error, to: mail.toAddress, attempts: mail.attempts },
        'falha ao enviar e-mail; nova tentativa agendada',
      );
      await db
        .update(mailOutbox)
        .set({
          lastError: error instanceof Error ? error.message : String(error),
          status: mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + backoffMs(mail.attempts)),
        })
        .where(eq(mailOutbox.id, mail.id));
      return;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(mailOutbox.id, mail.id));
  }

  async function deliverDue(): Promise<void> {
    for (;;) {
      const claimed = await claimDue();
      for (const mail of claimed) await deliver(mail);
      if (claimed.length < BATCH_SIZE) return;
    }
  }

  const flush = async () => {
    while (running) await running;
    running = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'falha ao processar a fila de e-mails'))
      .finally(() => {
        running = null;
      });
    await running;
  };

  const timer = setInterval(() => void flush(), RETRY_EVERY_MS);
  timer.unref();

  return {
    async enqueue(tx, message) {
      await tx.insert(mailOutbox).values(outboxRow(message));
    },
    async enqueueMany(tx, messages) {
      if (messages.length > 0) await tx.insert(mailOutbox).values(messages.map(outboxRow));
    },
    flush,
    async stop() {
      clearInterval(timer);
      while (running) await running;
      (await transport)?.close();
    },
  };
}
