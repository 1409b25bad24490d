import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** An SMTP receiver that writes every message it gets as JSON into `dir`, for the journeys to read. */
export async function startSmtpSink(
  dir: string,
): Promise<{ port: number; close(): Promise<void> }> {
  await mkdir(dir, { recursive: true });
  // Written beside `dir` and moved in whole: a journey polling `dir` never reads half a message.
  const partial = `${dir}.partial`;
  await mkdir(partial, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          };
          count += 1;
          const name = `${Date.now()}-${count}.json`;
          await writeFile(path.join(partial, name), JSON.stringify(mail));
          await rename(path.join(partial, name), path.join(dir, name));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');
  return {
    port: address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
