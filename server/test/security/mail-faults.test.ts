import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { signUp } from '../api/auth-helpers';
import { freePort, startSmtpReceiver, type SmtpReceiver } from '../support/smtp';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let port: number;
let receiver: SmtpReceiver | undefined;

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(() => receiver?.close());

it('never fails the request that sent mail; the message is retried and arrives once', async () => {
  // The receiver is down: sign-up still answers 201 and the code waits in the outbox.
  const { fields } = await signUp(t);
  await t.deps.mailer.flush();
  const [queued] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, fields.email));
  expect(queued).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
  expect(queued?.lastError).toMatch(/\S/);
  expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

  // Not due yet: a flush now sends nothing and does not count a try.
  receiver = await startSmtpReceiver({ port });
  await t.deps.mailer.flush();
  expect(receiver.received).toEqual([]);

  // The receiver is up and the retry is due: delivered once, however many flushes run.
  await t.db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(mailOutbox.id, queued!.id));
  await Promise.all([t.deps.mailer.flush(), t.deps.mailer.flush(), t.deps.mailer.flush()]);
  await t.deps.mailer.flush();
  const delivered = receiver.received.filter((mail) => mail.to.includes(fields.email));
  expect(delivered).toHaveLength(1);
  expect(delivered[0]?.text).toMatch(/código de verificação AgroSelo é: \d{6}/);
  const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
  expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
});
