/**
 * Reminders (decision 0022): her settings, the scheduler's tick and the delivery of each reminder.
 *
 * Every minute one instance (pg-boss's cron) runs `tick`: a few index lookups find whose reminder is
 * due at that minute in America/Sao_Paulo, and one statement enqueues a `push` job per reminder. The
 * push workers of every instance share those jobs. A tick or a push found stale (the API was down)
 * is dropped, never sent late in a flood; one due in quiet hours is dropped too.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { mondayOf, wallClock } from '../../src/shared/clock.ts';
import {
  BEDTIME_STEPS,
  isQuiet,
  minuteOfTime,
  type PushPayload,
  RATING_AT,
  REMINDER_TIME_ZONE,
  RENEWAL_AT,
  type ReminderSettings,
  type RemindersUpdate,
  timeOfMinute,
  WEEKLY_AT,
} from '../../src/shared/reminders.ts';
import { count, plural } from '../../src/shared/words.ts';
import type { Database } from '../db/client.ts';
import { children, diaryEntries, pushSubscriptions, reminderSettings, weeklyRatings } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { accessTo } from './access.ts';
import { type DosePushJob, dosePayload, dueDoseReminders } from './dose-reminders.ts';
import { firstName } from './people.ts';
import { deliver, forgetUnseenDevices, type PushDeps, subscriptionsOf } from './push.ts';
import { sweepLimits } from './rate-limit.ts';

/** A reminder more than this late is not sent (an outage, a long retry). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** A tick that ran this late is skipped whole: its reminders would all be stale. */
const TICK_STALE_AFTER_MS = 5 * 60 * 1000;

type SettingsRow = typeof reminderSettings.$inferSelect;
const DEFAULTS: Omit<SettingsRow, 'userId' | 'updatedAt'> = {
  dailyEnabled: false,
  dailyMinute: 20 * 60,
  bedtimeEnabled: false,
  bedtimeChildId: null,
  bedtimeMinute: 20 * 60 + 30,
  weeklyEnabled: false,
  renewalEnabled: true,
  medicinesEnabled: false,
  ratingEnabled: false,
};

const present = (row: Omit<SettingsRow, 'userId' | 'updatedAt'>): ReminderSettings => ({
  daily: { enabled: row.dailyEnabled, time: timeOfMinute(row.dailyMinute) },
  bedtime: {
    enabled: row.bedtimeEnabled,
    childId: row.bedtimeChildId,
    time: timeOfMinute(row.bedtimeMinute),
    offsets: BEDTIME_STEPS.map((step) => step.offset),
  },
  weekly: { enabled: row.weeklyEnabled },
  renewal: { enabled: row.renewalEnabled },
  medicines: { enabled: row.medicinesEnabled },
  rating: { enabled: row.ratingEnabled },
});

async function settingsRow(db: Database, userId: string) {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return row ?? { ...DEFAULTS, userId };
}

export async function getReminders(db: Database, userId: string): Promise<ReminderSettings> {
  return present(await settingsRow(db, userId));
}

export async function updateReminders(
  db: Database,
  userId: string,
  input: RemindersUpdate,
  now: Date,
): Promise<ReminderSettings> {
  const current = await settingsRow(db, userId);
  const next = {
    dailyEnabled: input.daily?.enabled ?? current.dailyEnabled,
    dailyMinute: input.daily?.time ? minuteOfTime(input.daily.time) : current.dailyMinute,
    bedtimeEnabled: input.bedtime?.enabled ?? current.bedtimeEnabled,
    bedtimeChildId: input.bedtime?.childId !== undefined ? input.bedtime.childId : current.bedtimeChildId,
    bedtimeMinute: input.bedtime?.time ? minuteOfTime(input.bedtime.time) : current.bedtimeMinute,
    weeklyEnabled: input.weekly?.enabled ?? current.weeklyEnabled,
    renewalEnabled: input.renewal?.enabled ?? current.renewalEnabled,
    medicinesEnabled: input.medicines?.enabled ?? current.medicinesEnabled,
    ratingEnabled: input.rating?.enabled ?? current.ratingEnabled,
  };
  if (next.bedtimeChildId && !(await accessTo(db, userId, next.bedtimeChildId, now))) {
    throw new ApiError('not_found', MESSAGES.childNotFound);
  }
  if (next.bedtimeEnabled && !next.bedtimeChildId) {
    throw new ApiError('validation_failed', undefined, {
      fields: { 'bedtime.childId': 'Escolha a criança da rotina do sono' },
    });
  }
  await db
    .insert(reminderSettings)
    .values({ userId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...next, updatedAt: now } });
  return present(next);
}

export type PushJob =
  | { kind: 'daily'; userId: string; dueAt: string }
  | { kind: 'bedtime'; userId: string; dueAt: string; childId: string; offset: number }
  | { kind: 'weekly'; userId: string; dueAt: string }
  /** "Como foi a semana de {nome}?" (issue 30) */
  | { kind: 'rating'; userId: string; dueAt: string; childId: string }
  | { kind: 'renewal'; userId: string; dueAt: string; daysLeft: number }
  /** she asked to see how a reminder arrives: sent at once, at any hour */
  | { kind: 'test'; userId: string; dueAt: string }
  | DosePushJob;

export interface TickDeps {
  db: Database;
  jobs: JobQueue;
}

/** Enqueues every reminder due at `minuteStart` (a minute's first instant); returns how many. */
export async function tick({ db, jobs }: TickDeps, minuteStart: Date, now: Date): Promise<number> {
  // Devices unseen for 60 days go first (an indexed delete, nothing most minutes): no reminder for them.
  await forgetUnseenDevices(db, now);
  // Attempt counters past their window, and address secrets past yesterday (issue 40): indexed deletes.
  await sweepLimits(db, now);
  if (now.getTime() - minuteStart.getTime() > TICK_STALE_AFTER_MS) return 0;
  const { minute, weekday, date } = wallClock(minuteStart);
  const dueAt = minuteStart.toISOString();
  const withDevice = sql`exists (select 1 from ${pushSubscriptions} p where p.user_id = ${reminderSettings.userId})`;
  const due: PushJob[] = [];

  const daily = await db
    .select({ userId: reminderSettings.userId })
    .from(reminderSettings)
    .where(and(eq(reminderSettings.dailyEnabled, true), eq(reminderSettings.dailyMinute, minute), withDevice));
  for (const { userId } of daily) due.push({ kind: 'daily', userId, dueAt });

  // Bed at minute + offset: the step `offset` minutes before it is due now.
  const bedtimes = BEDTIME_STEPS.map((step) => (minute + step.offset) % 1440);
  const bedtime = await db
    .select({
      userId: reminderSettings.userId,
      childId: reminderSettings.bedtimeChildId,
      bedMinute: reminderSettings.bedtimeMinute,
    })
    .from(reminderSettings)
    .where(
      and(
        eq(reminderSettings.bedtimeEnabled, true),
        sql`${reminderSettings.bedtimeMinute} in (${sql.join(bedtimes, sql`, `)})`,
        sql`${reminderSettings.bedtimeChildId} is not null`,
        withDevice,
      ),
    );
  for (const row of bedtime) {
    const offset = (row.bedMinute - minute + 1440) % 1440;
    due.push({ kind: 'bedtime', userId: row.userId, dueAt, childId: row.childId!, offset });
  }

  if (weekday === WEEKLY_AT.weekday && minute === WEEKLY_AT.minute) {
    const weekly = await db
      .select({ userId: reminderSettings.userId })
      .from(reminderSettings)
      .where(and(eq(reminderSettings.weeklyEnabled, true), withDevice));
    for (const { userId } of weekly) due.push({ kind: 'weekly', userId, dueAt });
  }

  if (weekday === RATING_AT.weekday && minute === RATING_AT.minute) {
    // Each child she rates: her own, and those she is a carer of (a viewer writes nothing).
    const result = await db.execute(sql`
      select r.user_id, k.child_id from reminder_settings r
      cross join lateral (
        select c.id as child_id from children c where c.user_id = r.user_id
        union select m.child_id from child_members m where m.user_id = r.user_id and m.role = 'carer'
      ) k
      where r.rating_enabled and exists (select 1 from push_subscriptions p where p.user_id = r.user_id)`);
    for (const row of rowsOf<{ user_id: string; child_id: string }>(result))
      due.push({ kind: 'rating', userId: row.user_id, dueAt, childId: row.child_id });
  }

  const renewals: Array<{ data: object; singletonKey: string }> = [];
  if (minute === RENEWAL_AT.minute) {
    // Her subscription ends on São Paulo's calendar day today + 3 (or + 1); no settings row = on.
    const result = await db.execute(sql`
      select s.user_id, (date(s.expires_at at time zone ${REMINDER_TIME_ZONE}) - ${date}::date) as days_left,
             exists (select 1 from push_subscriptions p where p.user_id = s.user_id) as has_device
      from subscriptions s left join reminder_settings r on r.user_id = s.user_id
      where s.status = 'paid' and coalesce(r.renewal_enabled, true)
        and date(s.expires_at at time zone ${REMINDER_TIME_ZONE}) - ${date}::date in (${sql.join(
          RENEWAL_AT.daysBefore.map((d) => sql`${d}`),
          sql`, `,
        )})`);
    for (const row of rowsOf<{ user_id: string; days_left: number; has_device: boolean }>(result)) {
      const daysLeft = Number(row.days_left);
      if (row.has_device) due.push({ kind: 'renewal', userId: row.user_id, dueAt, daysLeft });
      renewals.push({
        data: { kind: 'renewal', userId: row.user_id, daysLeft },
        singletonKey: `renewal:${row.user_id}:${date}`,
      });
    }
  }

  // Medicines' times and the doses nobody marked an hour ago (dose-reminders.ts).
  const doses = await dueDoseReminders(db, minuteStart, wallClock);
  await jobs.insert('push', [
    ...due.map((job) => ({
      data: job,
      singletonKey: `${job.kind}:${job.userId}:${'childId' in job ? `${job.childId}:` : ''}${dueAt}`,
    })),
    ...doses,
  ]);
  await jobs.insert('email', renewals);
  return due.length + doses.length + renewals.length;
}

/** db.execute's rows: postgres.js gives an array, PGlite an object with `rows`. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

const childName = async (db: Database, childId: string) =>
  (await db.select({ name: children.name }).from(children).where(eq(children.id, childId)))[0]?.name ?? null;

/** "Resumo da semana de Lia: 4 episódios, 2 a menos que na anterior" — counts only, never what was written. */
async function weekSummary(db: Database, userId: string, now: Date): Promise<PushPayload | null> {
  const { date } = wallClock(now);
  const [child] = await db
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(eq(children.userId, userId))
    .orderBy(children.createdAt)
    .limit(1);
  if (!child) return null;
  const [counts] = await db
    .select({
      thisWeek: sql<number>`count(*) filter (where ${diaryEntries.date} > ${date}::date - 7)`.mapWith(Number),
      lastWeek: sql<number>`count(*) filter (where ${diaryEntries.date} <= ${date}::date - 7)`.mapWith(Number),
    })
    .from(diaryEntries)
    .where(
      and(
        eq(diaryEntries.childId, child.id),
        eq(diaryEntries.type, 'behavior'),
        sql`${diaryEntries.date} > ${date}::date - 14`,
        sql`${diaryEntries.date} <= ${date}::date`,
      ),
    );
  const thisWeek = counts?.thisWeek ?? 0;
  const lastWeek = counts?.lastWeek ?? 0;
  const episodes = count(thisWeek, 'episódio', 'episódios');
  const diff = thisWeek - lastWeek;
  const comparison =
    diff === 0 ? 'o mesmo que na anterior' : `${Math.abs(diff)} a ${diff < 0 ? 'menos' : 'mais'} que na anterior`;
  return {
    title: `Resumo da semana de ${firstName(child.name)}`,
    body: `${episodes}, ${comparison}. Veja os padrões.`,
    url: '/padroes/',
    tag: 'weekly',
  };
}

/**
 * "Como foi a semana de Lia?" — unless she may no longer rate her (left the circle, became a
 * viewer) or already rated this week.
 */
async function ratingPrompt(
  db: Database,
  job: Extract<PushJob, { kind: 'rating' }>,
  now: Date,
): Promise<PushPayload | null> {
  const access = await accessTo(db, job.userId, job.childId, now);
  if (!access || access.role === 'viewer') return null;
  const week = mondayOf(wallClock(now).date);
  const [done] = await db
    .select({ id: weeklyRatings.id })
    .from(weeklyRatings)
    .where(
      and(
        eq(weeklyRatings.childId, job.childId),
        eq(weeklyRatings.weekStart, week),
        eq(weeklyRatings.userId, job.userId),
        eq(weeklyRatings.source, 'home'),
      ),
    );
  const name = await childName(db, job.childId);
  if (done || !name) return null;
  return {
    title: `Como foi a semana de ${firstName(name)}?`,
    body: 'Responder leva menos de um minuto: as mesmas perguntas de toda semana.',
    url: `/avaliacao-da-semana/?crianca=${job.childId}`,
    tag: `rating-${job.childId}`,
  };
}

/** The notification for one reminder, or null when it no longer applies. */
async function payloadFor(db: Database, job: PushJob, now: Date): Promise<PushPayload | null> {
  switch (job.kind) {
    case 'daily':
      return {
        title: 'Registro do dia',
        body: 'Como foi o dia hoje? Anotar leva um minuto e ajuda a ver os padrões.',
        url: '/comportamento/',
        tag: 'daily',
      };
    case 'bedtime': {
      // She may have left the child's circle since the tick.
      if (!(await accessTo(db, job.userId, job.childId, now))) return null;
      const step = BEDTIME_STEPS.find((s) => s.offset === job.offset);
      const name = await childName(db, job.childId);
      if (!step || !name) return null;
      return {
        title: `Rotina do sono de ${firstName(name)}`,
        body: step.text,
        url: '/diario-do-sono/',
        tag: 'bedtime',
      };
    }
    case 'weekly':
      return weekSummary(db, job.userId, now);
    case 'rating':
      return ratingPrompt(db, job, now);
    case 'dose':
    case 'dose-missed':
    case 'dose-alert':
      return dosePayload(db, job, now);
    case 'renewal':
      return {
        title: 'Sua assinatura está terminando',
        body: `${plural(job.daysLeft, { one: 'Falta', other: 'Faltam' })} ${count(job.daysLeft, 'dia', 'dias')}. Renove pelo PIX para não perder o acesso.`,
        url: '/continuar/',
        tag: 'renewal',
      };
    case 'test':
      return {
        title: 'Lembretes ativos',
        body: 'É assim que os lembretes vão chegar neste aparelho.',
        url: '/lembretes/',
        tag: 'test',
      };
  }
}

/**
 * Her test notification, to each of her devices, now. One per minute at most: a second tap in the
 * same minute is the same job. False when she has no device to send it to.
 */
export async function sendTestReminder({ db, jobs }: TickDeps, userId: string, now: Date): Promise<boolean> {
  if ((await subscriptionsOf(db, [userId])).length === 0) return false;
  const job: PushJob = { kind: 'test', userId, dueAt: now.toISOString() };
  await jobs.send('push', job, { singletonKey: `test:${userId}`, singletonSeconds: 60 });
  return true;
}

/** The `push` job: one reminder to each of her devices; stale or quiet-hour reminders are dropped. */
export async function sendReminder(deps: PushDeps, job: PushJob, now: Date): Promise<'sent' | 'skipped'> {
  if (now.getTime() - new Date(job.dueAt).getTime() > STALE_AFTER_MS) return 'skipped';
  // Quiet hours are for what the scheduler sends; a test she asked for comes when she asks,
  // a medicine's time is the one she chose, quiet hours included, and a possible double dose is
  // told at once, at any hour.
  const anyHour = job.kind === 'test' || job.kind === 'dose' || job.kind === 'dose-missed' || job.kind === 'dose-alert';
  if (!anyHour && isQuiet(wallClock(now).minute)) return 'skipped';
  const payload = await payloadFor(deps.db, job, now);
  if (!payload) return 'skipped';
  const devices = await subscriptionsOf(deps.db, [job.userId]);
  // Every device; a failure retries the job, and a device that got it the first time gets a
  // replacement (same Topic header), not a second notification.
  const results = await Promise.allSettled(devices.map((device) => deliver(deps, device, payload)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return devices.length > 0 ? 'sent' : 'skipped';
}
