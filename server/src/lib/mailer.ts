import { and, asc, eq, lte } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
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
  /** Delivers what is due; failures are kept for a later try with a growing delay. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 8;
const RETRY_EVERY_MS = 30_000;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, from, log } = options;
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  let running: Promise<void> | null = null;

  async function deliverDue(): Promise<void> {
    const due = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(20);
    for (const mail of due) {
      if (!transport) {
        // Without SMTP the outbox is the dev mailbox: the text goes to the log for the developer.
        log.info(
          { to: mail.toAddress, subject: mail.subject },
          `e-mail (caixa de desenvolvimento):\n${mail.text}`,
        );
        await db
          .update(mailOutbox)
          .set({ status: 'dev', sentAt: new Date() })
          .where(eq(mailOutbox.id, mail.id));
        continue;
      }
      try {
        await transport.sendMail({
          from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
          .where(eq(mailOutbox.id, mail.id));
      } catch (error) {
        const attempts = mail.attempts + 1;
        log.warn(
          { err: error, to: mail.toAddress, attempts },
          'falha ao enviar e-mail; nova tentativa agendada',
        );
        await db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message : String(error),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
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
      await tx.insert(mailOutbox).values({
        id: newId(),
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    flush,
    async stop() {
      clearInterval(timer);
      while (running) await running;
      transport?.close();
    },
  };
}
