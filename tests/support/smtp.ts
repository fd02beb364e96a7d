/** A real SMTP server on loopback that keeps what it receives: e-mail tests speak real SMTP. */

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** waits for the next message to this address (or any, without one) */
  next(to?: string, timeoutMs?: number): Promise<ReceivedMail>;
  onMessage(listener: (mail: ReceivedMail) => void): void;
  /** while true, every message is refused with 451 (a relay that is away); counts the refusals */
  refuse(on: boolean): void;
  refused: number;
  close(): Promise<void>;
}

export async function startSmtpSink(listenPort = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const listeners: Array<(mail: ReceivedMail) => void> = [];
  const waiters: Array<{ to?: string; resolve: (m: ReceivedMail) => void }> = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      sink.refused++;
      callback(Object.assign(new Error('Tente mais tarde'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        };
        messages.push(mail);
        for (const listener of listeners) listener(mail);
        for (const waiter of [...waiters]) {
          if (!waiter.to || mail.to.includes(waiter.to.toLowerCase())) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused: 0,
    refuse: (on) => {
      refusing = on;
    },
    // 30 s: the mail goes through the job queue and a real SMTP conversation, which took over 10 s on a
    // machine with both cores busy (issue 41); a mail that never comes still fails the test.
    next(to, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no e-mail to ${to ?? 'anyone'} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    onMessage: (listener) => void listeners.push(listener),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return sink;
}
