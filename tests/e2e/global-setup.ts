/** Starts the SMTP sink the e2e server sends to; each message lands as JSON in E2E_MAIL_DIR. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../support/smtp.ts';
import { E2E } from './env.ts';

export default async function globalSetup() {
  mkdirSync(E2E.mailDir, { recursive: true });
  const writing = path.join(E2E.root, 'mail-writing');
  mkdirSync(writing, { recursive: true });
  const sink = await startSmtpSink(E2E.smtpPort);
  let n = 0;
  sink.onMessage((mail) => {
    // Written aside and moved in: a test reading the folder never sees half an e-mail.
    const name = `${Date.now()}-${n++}.json`;
    writeFileSync(path.join(writing, name), JSON.stringify(mail));
    renameSync(path.join(writing, name), path.join(E2E.mailDir, name));
  });
  return async () => sink.close();
}
