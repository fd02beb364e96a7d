/** Starts the SMTP sink the e2e server sends to; each message lands as JSON in E2E_MAIL_DIR. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../support/smtp.ts';
import { E2E } from './env.ts';

export default async function globalSetup() {
  mkdirSync(E2E.mailDir, { recursive: true });
  const sink = await startSmtpSink(E2E.smtpPort);
  let n = 0;
  sink.onMessage((mail) => {
    writeFileSync(path.join(E2E.mailDir, `${Date.now()}-${n++}.json`), JSON.stringify(mail));
  });
  return async () => sink.close();
}
