/**
 * What each queue does (decision 0022): `email` sends one e-mail, `push` one reminder to her
 * devices, `reminders` is the scheduler's tick (pg-boss cron, every minute in São Paulo, one
 * instance per occurrence), `share-purge` deletes the expired links for the professional and their
 * ciphertext (every 10 minutes), `audit-purge` the audit log's rows past six months (daily).
 * Registered by createApp on the app's own services.
 */
import { REMINDER_TIME_ZONE } from '../src/shared/reminders.ts';
import type { Services } from './http/context.ts';
import type { EmailJob } from './jobs/email-job.ts';
import { purgeAuditLog } from './services/audit.ts';
import { sendEmailJob } from './services/emails.ts';
import { type PushJob, sendReminder, tick } from './services/reminders.ts';
import { purgeShareLinks } from './services/share-links.ts';

/** A tick's job: empty from the cron; `minute` (ISO) when sent for a named minute. */
export interface TickJob {
  minute?: string;
}

/** Reminders for 10,000 mothers at one minute are handed over within seconds (bench:api). */
const PUSH_BATCH = 50;

export function registerJobs(services: Services): void {
  const { jobs, clock } = services;
  // Ten e-mails at a time per instance, each on its own (one refused is retried alone).
  jobs.handle<EmailJob>('email', (job) => sendEmailJob(services, job), { batchSize: 10 });
  jobs.handle<PushJob>(
    'push',
    async (job) => {
      await sendReminder(services, job, clock.now());
    },
    { batchSize: PUSH_BATCH, localConcurrency: 2, pollingIntervalSeconds: 2 },
  );
  jobs.handle<TickJob | null>('reminders', async (data, job) => {
    // The occurrence this tick is for: the minute it was created in (cron sends within seconds), or
    // the one a sender named (a test driving the scheduler, an operator replaying a missed minute).
    const at = data?.minute ? new Date(data.minute) : job.createdOn;
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    await tick(services, minute, clock.now());
  });
  jobs.schedule('reminders', '* * * * *', REMINDER_TIME_ZONE);
  jobs.handle('share-purge', async () => {
    await purgeShareLinks(services.db, clock.now());
  });
  jobs.schedule('share-purge', '*/10 * * * *', REMINDER_TIME_ZONE);
  jobs.handle('audit-purge', async () => {
    await purgeAuditLog(services.db, clock.now());
  });
  jobs.schedule('audit-purge', '17 3 * * *', REMINDER_TIME_ZONE);
}
