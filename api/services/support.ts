/**
 * Support conversations (docs/api.md "Support and the team's console"): a mother writes to the
 * team, the team answers from the console. Hers are reached only with her id (another mother's
 * conversation answers 404, as an unknown one); the team's side is reached only by staff, through
 * routes/staff.ts, and every look or change of theirs is audited with the staff member's id.
 *
 * Priority: a conversation is priority when her subscription is active as she opens it, and is
 * raised to priority when she writes in it later as a subscriber (she paid for "suporte
 * prioritário" and is waiting); it is never lowered, so an answer under way keeps its place when a
 * subscription lapses.
 */
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMIT_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import type { SupportCategory, SupportStatus } from '../../src/shared/enums.ts';
import { subjectFrom } from '../../src/shared/support.ts';
import type { Database } from '../db/client.ts';
import { supportMessages, supportThreads, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { EmailJob } from '../jobs/email-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type AuditContext, audit } from './audit.ts';
import { type Account, accountsOf, personName } from './people.ts';
import { consumeAttempt, refuseOverDay } from './rate-limit.ts';

export const THREADS_PER_DAY = 10;
/** Her replies per 15 minutes (rate-limit.ts's window): plenty for a conversation, not for a flood. */
export const REPLIES_PER_WINDOW = 30;
/** How a team member is named to the mother when she has no profile name (or left the team). */
export const TEAM_NAME = 'Equipe Olhar de Mãe';

type ThreadRow = typeof supportThreads.$inferSelect;

const notFound = () => new ApiError('not_found', MESSAGES.supportThreadNotFound);

const presentThread = (row: ThreadRow, unread = 0) => ({
  id: row.id,
  category: row.category as SupportCategory,
  subject: row.subject,
  status: row.status as SupportStatus,
  priority: row.priority,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  /** the team's replies she has not opened yet */
  unread,
});

/** How an author signs a message to the mother: the team with a first name from the profile, never an e-mail. */
function signature(sender: 'mother' | 'team', account: Account | undefined) {
  if (sender === 'team') return account?.fullName ? `${personName(account.fullName, null)} (${TEAM_NAME})` : TEAM_NAME;
  return personName(account?.fullName, account?.email);
}

/** The messages of one conversation, oldest first, each with who wrote it as the mother sees it. */
async function messagesOf(db: Database, threadId: string) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.threadId, threadId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const accounts = await accountsOf(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) =>
    presentMessage(
      row,
      signature(row.sender as 'mother' | 'team', row.authorId ? accounts.get(row.authorId) : undefined),
    ),
  );
}

async function authorName(db: Database, userId: string, sender: 'mother' | 'team') {
  return signature(sender, (await accountsOf(db, [userId])).get(userId));
}

const presentMessage = (
  row: typeof supportMessages.$inferSelect,
  name: string,
): { id: string; from: 'mother' | 'team'; authorName: string; text: string; createdAt: string } => ({
  id: row.id,
  from: row.sender as 'mother' | 'team',
  authorName: name,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

// ── the mother's side ─────────────────────────────────────────────────────────────────────────

/** Her conversations, newest activity first, each with how many of the team's replies are unread. */
export async function threadsOf(db: Database, userId: string) {
  // Qualified by hand: drizzle leaves a single-table query's columns unqualified, which a correlated subquery cannot have.
  const unread = sql<number>`(select count(*)::int from ${supportMessages} m where m.thread_id = ${supportThreads}.id and m.sender = 'team' and m.read_at is null)`;
  const rows = await db
    .select({ thread: supportThreads, unread })
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId))
    .orderBy(desc(supportThreads.updatedAt), desc(supportThreads.id));
  return rows.map((row) => presentThread(row.thread, Number(row.unread)));
}

/** A new conversation with her first message; 10 per day (a rolling 24 hours). */
export async function openThread(
  db: Database,
  userId: string,
  input: { id?: string; category: SupportCategory; subject: string; message: string },
  subscribed: boolean,
  now: Date,
) {
  return db.transaction(async (tx) => {
    // One count at a time per mother, so parallel sends cannot all pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support:${userId}`}))`);
    // Sent again from her device (the answer was lost): the conversation she already has.
    const id = input.id ? await unusedThreadId(tx, input.id) : undefined;
    if (input.id && !id) {
      const [again] = await tx
        .select()
        .from(supportThreads)
        .where(and(eq(supportThreads.id, input.id), eq(supportThreads.userId, userId)));
      if (again) return presentThread(again);
    }
    const recent = await tx
      .select({ at: supportThreads.createdAt })
      .from(supportThreads)
      .where(and(eq(supportThreads.userId, userId), gt(supportThreads.createdAt, new Date(now.getTime() - DAY_MS))));
    refuseOverDay(recent, THREADS_PER_DAY, MESSAGES.supportPerDay, now);
    const [thread] = await tx
      .insert(supportThreads)
      .values({
        id,
        userId,
        category: input.category,
        // Left empty: named by the first words of her message.
        subject: subjectFrom(input.message, input.subject),
        status: 'open',
        priority: subscribed,
        waitingSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(supportMessages)
      .values({ threadId: thread!.id, sender: 'mother', authorId: userId, text: input.message, createdAt: now });
    return presentThread(thread!);
  });
}

/**
 * The device's id when no row has it yet; undefined when one has (hers: the caller answers with it;
 * another mother's: a fresh id is made, and nothing tells her the id exists).
 */
async function unusedThreadId(db: Database, id: string) {
  const [taken] = await db.select({ id: supportThreads.id }).from(supportThreads).where(eq(supportThreads.id, id));
  return taken ? undefined : id;
}

async function ownThread(db: Database, userId: string, threadId: string): Promise<ThreadRow> {
  const [thread] = await db
    .select()
    .from(supportThreads)
    .where(and(eq(supportThreads.id, threadId), eq(supportThreads.userId, userId)));
  if (!thread) throw notFound();
  return thread;
}

/** One of her conversations with its messages; opening it marks the team's replies read. */
export async function threadForMother(db: Database, userId: string, threadId: string, now: Date) {
  const thread = await ownThread(db, userId, threadId);
  await db
    .update(supportMessages)
    .set({ readAt: now })
    .where(
      and(eq(supportMessages.threadId, threadId), eq(supportMessages.sender, 'team'), isNull(supportMessages.readAt)),
    );
  return { thread: presentThread(thread), messages: await messagesOf(db, threadId) };
}

/** Her reply: the conversation waits for the team again (a closed one reopens). */
export async function replyAsMother(
  db: Database,
  userId: string,
  threadId: string,
  { id: deviceId, text }: { id?: string; text: string },
  subscribed: boolean,
  now: Date,
) {
  await ownThread(db, userId, threadId);
  await consumeAttempt(db, now, [
    { key: `support-replies:${userId}`, limit: REPLIES_PER_WINDOW, message: LIMIT_MESSAGES.supportReplies },
  ]);
  const message = await db.transaction(async (tx) => {
    const [thread] = await tx
      .update(supportThreads)
      .set({
        status: 'open',
        waitingSince: sql`coalesce(${supportThreads.waitingSince}, ${now.toISOString()}::timestamptz)`,
        priority: subscribed ? true : supportThreads.priority,
        updatedAt: now,
      })
      .where(and(eq(supportThreads.id, threadId), eq(supportThreads.userId, userId)))
      .returning({ id: supportThreads.id });
    if (!thread) throw notFound();
    const values = { threadId, sender: 'mother', authorId: userId, text, createdAt: now };
    const [row] = await tx
      .insert(supportMessages)
      .values({ ...values, id: deviceId })
      .onConflictDoNothing({ target: supportMessages.id })
      .returning();
    if (row) return row;
    // The device's id is taken: her own reply sent again (the answer was lost), or by chance
    // someone else's, which gets a fresh id and tells her nothing.
    const [again] = await tx
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.id, deviceId!),
          eq(supportMessages.threadId, threadId),
          eq(supportMessages.authorId, userId),
        ),
      );
    return again ?? (await tx.insert(supportMessages).values(values).returning())[0]!;
  });
  return presentMessage(message, await authorName(db, userId, 'mother'));
}

// ── the team's side (staff only: routes/staff.ts) ──────────────────────────────────────────

const mother = alias(users, 'mother');

/** The console's queue: priority first, then whoever has waited longest. */
export async function supportQueue(db: Database, staffId: string, status: SupportStatus, context: AuditContext) {
  const rows = await db
    .select({ thread: supportThreads, motherEmail: mother.email })
    .from(supportThreads)
    .innerJoin(mother, eq(mother.id, supportThreads.userId))
    .where(eq(supportThreads.status, status))
    .orderBy(
      desc(supportThreads.priority),
      sql`${supportThreads.waitingSince} asc nulls last`,
      asc(supportThreads.updatedAt),
    )
    .limit(500);
  await audit(db, 'staff_support_listed', context, { userId: staffId, details: { status } });
  return rows.map((row) => ({
    ...presentThread(row.thread),
    motherEmail: row.motherEmail,
    waitingSince: row.thread.waitingSince?.toISOString() ?? null,
  }));
}

async function threadForTeam(db: Database, threadId: string) {
  const [row] = await db
    .select({ thread: supportThreads, motherEmail: mother.email })
    .from(supportThreads)
    .innerJoin(mother, eq(mother.id, supportThreads.userId))
    .where(eq(supportThreads.id, threadId));
  if (!row) throw notFound();
  return row;
}

const presentForTeam = (row: { thread: ThreadRow; motherEmail: string }) => ({
  ...presentThread(row.thread),
  motherEmail: row.motherEmail,
  waitingSince: row.thread.waitingSince?.toISOString() ?? null,
});

/** One conversation as the team sees it (her e-mail, how long she has waited). */
export async function supportThreadForStaff(db: Database, staffId: string, threadId: string, context: AuditContext) {
  const row = await threadForTeam(db, threadId);
  await audit(db, 'staff_support_viewed', context, { userId: staffId, details: { threadId } });
  return { thread: presentForTeam(row), messages: await messagesOf(db, threadId) };
}

/** The team's answer: the conversation waits for her now. Returns who to tell that she has one. */
export async function replyAsStaff(
  { db, jobs }: { db: Database; jobs: JobQueue },
  staffId: string,
  threadId: string,
  text: string,
  now: Date,
  context: AuditContext,
) {
  await jobs.start();
  const message = await db.transaction(async (tx) => {
    const [thread] = await tx
      .update(supportThreads)
      .set({
        status: 'answered',
        waitingSince: null,
        firstResponseAt: sql`coalesce(${supportThreads.firstResponseAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(supportThreads.id, threadId))
      .returning({ userId: supportThreads.userId });
    if (!thread) throw notFound();
    const [row] = await tx
      .insert(supportMessages)
      .values({ threadId, sender: 'team', authorId: staffId, text, createdAt: now })
      .returning();
    await audit(tx, 'staff_support_answered', context, { userId: staffId, details: { threadId, messageId: row!.id } });
    // "A equipe respondeu", never the answer's text: a job of this same commit.
    await jobs.send('email', { kind: 'support_answer', threadId } satisfies EmailJob, { tx });
    return row!;
  });
  return { message: presentMessage(message, await authorName(db, staffId, 'team')) };
}

/** The team moves a conversation (closes it, reopens it); nothing waits for the team unless open. */
export async function setSupportStatus(
  db: Database,
  staffId: string,
  threadId: string,
  status: SupportStatus,
  now: Date,
  context: AuditContext,
) {
  const [updated] = await db
    .update(supportThreads)
    .set({
      status,
      waitingSince:
        status === 'open' ? sql`coalesce(${supportThreads.waitingSince}, ${now.toISOString()}::timestamptz)` : null,
      updatedAt: now,
    })
    .where(eq(supportThreads.id, threadId))
    .returning({ id: supportThreads.id });
  if (!updated) throw notFound();
  await audit(db, 'staff_support_status_changed', context, { userId: staffId, details: { threadId, status } });
  return { thread: presentForTeam(await threadForTeam(db, threadId)) };
}

/** The console's figures: conversations waiting, the median first answer of the last 30 days, by priority. */
export async function supportFigures(db: Database, now: Date) {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const [[open], medians] = await Promise.all([
    db.select({ n: count() }).from(supportThreads).where(eq(supportThreads.status, 'open')),
    db
      .select({
        priority: supportThreads.priority,
        minutes: sql<
          number | string | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${supportThreads.firstResponseAt} - ${supportThreads.createdAt})) / 60)`,
      })
      .from(supportThreads)
      .where(and(gt(supportThreads.createdAt, since), sql`${supportThreads.firstResponseAt} is not null`))
      .groupBy(supportThreads.priority),
  ]);
  const median = (priority: boolean) => {
    const value = medians.find((m) => m.priority === priority)?.minutes;
    return value === undefined || value === null ? null : Math.round(Number(value));
  };
  return { openThreads: open?.n ?? 0, medianFirstResponseMinutes: { priority: median(true), normal: median(false) } };
}

/** Her conversations for the LGPD export, with every message. */
export async function supportForExport(db: Database, userId: string) {
  const threads = await db
    .select()
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId))
    .orderBy(asc(supportThreads.createdAt));
  return Promise.all(
    threads.map(async (thread) => ({ ...presentThread(thread), messages: await messagesOf(db, thread.id) })),
  );
}
