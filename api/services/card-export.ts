/**
 * The daily card in the account's export (LGPD, issue 43): her children's targets, their events,
 * the days' marks, the rewards, the stars spent and forgiven, and the days she marked on children shared with
 * her. Deletion needs nothing here: every card table goes with its child (ON DELETE CASCADE), and
 * what she marked on others' children stays in their record with her name gone (decision 0020).
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cardDays, cardEvents, cardRewards, cardTargets, children, starForgiven, starSpends } from '../db/schema.ts';

export async function cardForExport(db: Database, userId: string) {
  const owned = db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  const [targets, events, days, rewards, spends, forgiven] = await Promise.all([
    db.select().from(cardTargets).where(inArray(cardTargets.childId, owned)).orderBy(asc(cardTargets.createdAt)),
    db
      .select()
      .from(cardEvents)
      .where(inArray(cardEvents.childId, owned))
      .orderBy(asc(cardEvents.on), asc(cardEvents.position)),
    db
      .select()
      .from(cardDays)
      .where(or(inArray(cardDays.childId, owned), eq(cardDays.userId, userId)))
      .orderBy(asc(cardDays.date), asc(cardDays.source)),
    db.select().from(cardRewards).where(inArray(cardRewards.childId, owned)).orderBy(asc(cardRewards.createdAt)),
    db.select().from(starSpends).where(inArray(starSpends.childId, owned)).orderBy(asc(starSpends.createdAt)),
    db.select().from(starForgiven).where(inArray(starForgiven.childId, owned)).orderBy(asc(starForgiven.createdAt)),
  ]);
  const byYou = (author: string | null) => author === userId;
  return {
    targets,
    events: events.map(({ userId: author, position: _order, ...rest }) => ({ ...rest, changedByYou: byYou(author) })),
    days: days.map(({ userId: author, schoolLinkId: _link, linkCountedId: _counted, ...rest }) => ({
      ...rest,
      markedByYou: byYou(author),
    })),
    rewards: rewards.map(({ createdBy: author, ...rest }) => ({ ...rest, addedByYou: byYou(author) })),
    spends: spends.map(({ userId: author, ...rest }) => ({ ...rest, spentByYou: byYou(author) })),
    forgiven,
  };
}
