import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A port nothing listens on yet (a receiver that is "down" until started there). */
export { freePort } from '../../../scripts/postgres-cluster.mjs';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpReceiver {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server on loopback that keeps what it receives; `delayMs` slows each message down. */
export async function startSmtpReceiver(
  options: { port?: number; delayMs?: number } = {},
): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP receiver has no port');
  return {
    port: address.port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
