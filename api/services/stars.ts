/**
 * The stars (issue 43, decision 0036): each "sim" of a day's marks, home or school, is a star; the
 * family's reward menu sets what they buy. Stars earned are never stored apart from the marks, so a
 * corrected day corrects the stars; the balance is the marks' "sim" count minus what was spent, plus
 * what was forgiven, and a spend that would take it below zero is refused (409 `not_enough_stars`).
 * A correction that takes back stars already spent never leaves a debt: the difference is forgiven
 * (`star_forgiven`, shown in the card's history, decision 0044), so the next "sim" counts from 0.
 * Nothing takes stars away and there are no random prizes.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { dayOf } from '../../src/shared/clock.ts';
import { CARD_LIMITS, type RewardInput, type SpendInput } from '../../src/shared/daily-card.ts';
import type { Database } from '../db/client.ts';
import { cardDays, cardRewards, starForgiven, starSpends } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { insertOnce } from './idempotent.ts';

type RewardRow = typeof cardRewards.$inferSelect;

export const presentReward = (row: Pick<RewardRow, 'id' | 'text' | 'cost' | 'kind'>) => ({
  id: row.id,
  text: row.text,
  cost: row.cost,
  kind: row.kind as 'dia' | 'semana' | null,
});

/** The "sim" marks of the child's days (all, or of one day). */
async function earned(db: Database, childId: string, date?: string): Promise<number> {
  const [row] = await db
    .select({
      stars: sql<number>`coalesce(sum((
        select count(*) from jsonb_each(${cardDays.marks}) e cross join lateral jsonb_array_elements(e.value) v
        where v.value = 'true'::jsonb)), 0)`.mapWith(Number),
    })
    .from(cardDays)
    .where(and(eq(cardDays.childId, childId), date ? eq(cardDays.date, date) : undefined));
  return row?.stars ?? 0;
}

async function spent(db: Database, childId: string): Promise<number> {
  const [row] = await db
    .select({ cost: sql<number>`coalesce(sum(${starSpends.cost}), 0)`.mapWith(Number) })
    .from(starSpends)
    .where(eq(starSpends.childId, childId));
  return row?.cost ?? 0;
}

async function forgiven(db: Database, childId: string): Promise<number> {
  const [row] = await db
    .select({ stars: sql<number>`coalesce(sum(${starForgiven.stars}), 0)`.mapWith(Number) })
    .from(starForgiven)
    .where(eq(starForgiven.childId, childId));
  return row?.stars ?? 0;
}

/** Earned, minus spent, plus forgiven: below zero only between a correction and its `settleStars`. */
async function ledger(db: Database, childId: string): Promise<number> {
  const [won, gone, given] = await Promise.all([earned(db, childId), spent(db, childId), forgiven(db, childId)]);
  return won - gone + given;
}

/** The balance: never below zero, stored or shown (every correction forgives what it would owe). */
export async function balanceOf(db: Database, childId: string): Promise<number> {
  return Math.max(0, await ledger(db, childId));
}

/** The "sim" of one day, home and school: `settleStars` compares it before and after a write. */
export const earnedOn = (db: Database, childId: string, date: string) => earned(db, childId, date);

/**
 * After a day's marks change (under the card's lock): when a correction took back stars already
 * spent, the debt is forgiven, dated by the corrected day, so the balance stands at 0 and the next
 * "sim" counts again — a child never pays for an adult's correction. When that day's "sim" come
 * back (corrected again), what was forgiven for it is taken back first, newest first: the stars
 * were spent once, and are not given twice.
 */
export async function settleStars(tx: Database, childId: string, date: string, before: number, now: Date) {
  let back = (await earned(tx, childId, date)) - before;
  if (back > 0) {
    const rows = await tx
      .select({ id: starForgiven.id, stars: starForgiven.stars })
      .from(starForgiven)
      .where(and(eq(starForgiven.childId, childId), eq(starForgiven.date, date)))
      .orderBy(desc(starForgiven.createdAt));
    for (const row of rows) {
      if (back <= 0) break;
      const taken = Math.min(back, row.stars);
      back -= taken;
      if (taken === row.stars) await tx.delete(starForgiven).where(eq(starForgiven.id, row.id));
      else
        await tx
          .update(starForgiven)
          .set({ stars: row.stars - taken })
          .where(eq(starForgiven.id, row.id));
    }
  }
  const balance = await ledger(tx, childId);
  if (balance < 0) await tx.insert(starForgiven).values({ childId, date, stars: -balance, createdAt: now });
}

/** What was forgiven, newest first: the card's history shows each ("3 estrelas perdoadas…"). */
export async function forgivenOf(db: Database, childId: string) {
  const rows = await db
    .select({ date: starForgiven.date, stars: starForgiven.stars, at: starForgiven.createdAt })
    .from(starForgiven)
    .where(eq(starForgiven.childId, childId))
    .orderBy(desc(starForgiven.createdAt));
  return rows.map((row) => ({ date: row.date, stars: row.stars, at: row.at.toISOString() }));
}

/** `{balance, today}`: what the stars screen shows. */
export async function starsOf(db: Database, childId: string, now: Date) {
  const [balance, today] = await Promise.all([balanceOf(db, childId), earned(db, childId, dayOf(now))]);
  return { balance, today };
}

export async function listRewards(db: Database, childId: string) {
  const rows = await db
    .select()
    .from(cardRewards)
    .where(eq(cardRewards.childId, childId))
    .orderBy(asc(cardRewards.cost), asc(cardRewards.createdAt));
  return rows.map(presentReward);
}

/**
 * POST /api/children/:id/rewards: a line of the menu (the device's id stores a resend once). The
 * count and the insert hold the card's lock together (decision 0046), so rewards sent at once, to
 * any instance, never pass the 30.
 */
export async function addReward(db: Database, userId: string, childId: string, input: RewardInput, now: Date) {
  await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card:${childId}`}))`);
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(cardRewards)
      .where(eq(cardRewards.childId, childId));
    // A resend of a stored reward is answered as stored, even with the menu full.
    const [stored] = input.id
      ? await tx
          .select({ id: cardRewards.id })
          .from(cardRewards)
          .where(and(eq(cardRewards.id, input.id), eq(cardRewards.childId, childId)))
      : [];
    if (!stored && value >= CARD_LIMITS.rewards) throw new ApiError('conflict', MESSAGES.rewardsPerChild);
    return insertOnce(tx, cardRewards, {
      id: input.id,
      columns: { id: cardRewards.id, text: cardRewards.text, cost: cardRewards.cost, kind: cardRewards.kind },
      mine: eq(cardRewards.childId, childId),
      values: {
        childId,
        text: input.text,
        cost: input.cost,
        kind: input.kind ?? null,
        createdBy: userId,
        createdAt: now,
      },
    });
  });
  return presentReward(row);
}

/** DELETE /api/children/:id/rewards/:rewardId: off the menu (stars spent on it stay spent). */
export async function removeReward(db: Database, userId: string, childId: string, rewardId: string, now: Date) {
  await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  const gone = await db
    .delete(cardRewards)
    .where(and(eq(cardRewards.id, rewardId), eq(cardRewards.childId, childId)))
    .returning({ id: cardRewards.id });
  if (gone.length === 0) throw new ApiError('not_found', MESSAGES.rewardNotFound);
}

/**
 * POST /api/children/:id/stars/spend: the reward's cost comes off the balance, never below zero.
 * The device's id spends once: the same id again answers the balance and spends nothing.
 */
export async function spendStars(db: Database, userId: string, childId: string, input: SpendInput, now: Date) {
  await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card:${childId}`}))`);
    if (input.id) {
      const [done] = await tx
        .select({ id: starSpends.id })
        .from(starSpends)
        .where(and(eq(starSpends.id, input.id), eq(starSpends.childId, childId)));
      if (done) return;
    }
    const [reward] = await tx
      .select()
      .from(cardRewards)
      .where(and(eq(cardRewards.id, input.rewardId), eq(cardRewards.childId, childId)));
    if (!reward) throw new ApiError('not_found', MESSAGES.rewardNotFound);
    const balance = await balanceOf(tx, childId);
    if (balance < reward.cost) throw new ApiError('not_enough_stars', MESSAGES.notEnoughStars(balance, reward.cost));
    await insertOnce(tx, starSpends, {
      id: input.id,
      columns: { id: starSpends.id },
      mine: eq(starSpends.childId, childId),
      values: { childId, rewardId: reward.id, rewardText: reward.text, cost: reward.cost, userId, createdAt: now },
    });
  });
  return starsOf(db, childId, now);
}
