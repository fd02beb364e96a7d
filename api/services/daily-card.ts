/**
 * The daily card (issue 43, decision 0036): one to three targets per child, each marked at school,
 * at home or both. Saving the card compares it with what is stored and writes one event per change,
 * dated today in São Paulo: `target-added`, `target-changed` (words, where or parts),
 * `goal-changed`, `target-removed` — the card's history, read like a medicine's. A removed target
 * stays (inactive) with its marks. Roles: the circle's one rule (owner and carers write).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { dayOf } from '../../src/shared/clock.ts';
import type { CardEventKind, CardWhere, DailyCardInput } from '../../src/shared/daily-card.ts';
import { minuteOfTime, timeOfMinute } from '../../src/shared/reminders.ts';
import type { Database } from '../db/client.ts';
import { cardEvents, cardSettings, cardTargets } from '../db/schema.ts';
import { requireChild } from './access.ts';
import { forgivenOf, listRewards, starsOf } from './stars.ts';

type TargetRow = typeof cardTargets.$inferSelect;

export interface CardTarget {
  id: string;
  text: string;
  where: CardWhere;
  parts: number;
  goal: number;
}

export interface CardEvent {
  on: string;
  kind: CardEventKind;
  targetId: string;
  goal: number | null;
}

export const presentTarget = (row: TargetRow): CardTarget => ({
  id: row.id,
  text: row.text,
  where: row.where as CardWhere,
  parts: row.parts,
  goal: row.goal,
});

/** Serialises the writes to one child's card (its targets, days and stars). */
export const lockCard = (tx: Database, childId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card:${childId}`}))`);

/** The child's targets, in the card's order; only those on the card unless `all`. */
export async function targetsOf(db: Database, childId: string, options: { all?: boolean } = {}): Promise<TargetRow[]> {
  return db
    .select()
    .from(cardTargets)
    .where(and(eq(cardTargets.childId, childId), options.all ? undefined : eq(cardTargets.active, true)))
    .orderBy(asc(cardTargets.position), asc(cardTargets.createdAt));
}

/** Every event of the child's card, oldest first (several on one day in the order they were recorded). */
export async function eventsOf(db: Database, childId: string): Promise<CardEvent[]> {
  const rows = await db
    .select({ on: cardEvents.on, kind: cardEvents.kind, targetId: cardEvents.targetId, goal: cardEvents.goal })
    .from(cardEvents)
    .where(eq(cardEvents.childId, childId))
    .orderBy(asc(cardEvents.on), asc(cardEvents.position));
  return rows.map((row) => ({ ...row, kind: row.kind as CardEventKind }));
}

async function cardOf(db: Database, childId: string) {
  const [targets, events] = await Promise.all([targetsOf(db, childId), eventsOf(db, childId)]);
  return { targets: targets.map(presentTarget), events };
}

export interface CardSettings {
  schoolReminder: { enabled: boolean; time: string };
}

export const SCHOOL_REMINDER_DEFAULT = 17 * 60;

export async function settingsOf(db: Database, childId: string): Promise<CardSettings> {
  const [row] = await db.select().from(cardSettings).where(eq(cardSettings.childId, childId));
  return {
    schoolReminder: {
      enabled: row?.schoolReminder ?? false,
      time: timeOfMinute(row?.schoolReminderMinute ?? SCHOOL_REMINDER_DEFAULT),
    },
  };
}

/** GET /api/children/:id/daily-card: the card with its history, the stars (and what was forgiven), the rewards and the settings. */
export async function getDailyCard(db: Database, userId: string, childId: string, now: Date) {
  await requireChild(db, userId, childId, 'read', { now });
  const [card, stars, rewards, settings, forgiven] = await Promise.all([
    cardOf(db, childId),
    starsOf(db, childId, now),
    listRewards(db, childId),
    settingsOf(db, childId),
    forgivenOf(db, childId),
  ]);
  return { card, stars, rewards, settings, forgiven };
}

/**
 * PUT /api/children/:id/daily-card: the whole card. A target with the id of one of the child's
 * (on the card or removed) is that target; any other is new (keeping the device's id when free);
 * a target of the card left out is removed. Each change is an event dated today.
 */
export async function saveDailyCard(db: Database, userId: string, childId: string, input: DailyCardInput, now: Date) {
  await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  const on = dayOf(now);
  await db.transaction(async (tx) => {
    await lockCard(tx, childId);
    const stored = new Map((await targetsOf(tx, childId, { all: true })).map((row) => [row.id, row]));
    const kept = new Set<string>();
    const events: Array<typeof cardEvents.$inferInsert> = [];
    const event = (kind: CardEventKind, targetId: string, values: { text: string; goal: number; parts: number }) =>
      events.push({ childId, targetId, on, kind, text: values.text, goal: values.goal, parts: values.parts, userId });
    for (const [position, target] of input.targets.entries()) {
      const values = { text: target.text, where: target.where, parts: target.parts, goal: target.goal, position };
      const before = target.id ? stored.get(target.id) : undefined;
      if (!before) {
        const [row] = await tx
          .insert(cardTargets)
          .values({ ...values, childId, createdAt: now, ...(target.id ? { id: target.id } : {}) })
          .onConflictDoNothing({ target: cardTargets.id })
          .returning({ id: cardTargets.id });
        // The device's id belongs to another child's target: a fresh one, never revealing it.
        const id =
          row?.id ??
          (
            await tx
              .insert(cardTargets)
              .values({ ...values, childId, createdAt: now })
              .returning()
          )[0]!.id;
        kept.add(id);
        event('target-added', id, values);
        continue;
      }
      kept.add(before.id);
      await tx
        .update(cardTargets)
        .set({ ...values, active: true })
        .where(eq(cardTargets.id, before.id));
      if (!before.active) {
        event('target-added', before.id, values);
        continue;
      }
      if (before.text !== values.text || before.where !== values.where || before.parts !== values.parts)
        event('target-changed', before.id, values);
      if (before.goal !== values.goal) event('goal-changed', before.id, values);
    }
    for (const row of stored.values()) {
      if (!row.active || kept.has(row.id)) continue;
      await tx.update(cardTargets).set({ active: false }).where(eq(cardTargets.id, row.id));
      events.push({ childId, targetId: row.id, on, kind: 'target-removed', text: row.text, userId });
    }
    if (events.length > 0) await tx.insert(cardEvents).values(events.map((e) => ({ ...e, createdAt: now })));
  });
  return cardOf(db, childId);
}

/** PUT /api/children/:id/daily-card/settings: the owner's (the reminder is pushed to her). */
export async function saveCardSettings(
  db: Database,
  userId: string,
  childId: string,
  input: { schoolReminder: { enabled: boolean; time?: string | undefined } },
  now: Date,
): Promise<CardSettings> {
  await requireChild(db, userId, childId, 'manage', { now });
  const current = await settingsOf(db, childId);
  const next = {
    schoolReminder: input.schoolReminder.enabled,
    schoolReminderMinute: minuteOfTime(input.schoolReminder.time ?? current.schoolReminder.time),
    updatedAt: now,
  };
  await db
    .insert(cardSettings)
    .values({ childId, ...next })
    .onConflictDoUpdate({ target: cardSettings.childId, set: next });
  return settingsOf(db, childId);
}
