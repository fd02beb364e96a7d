/**
 * The daily card's reminder (issue 43, decision 0036): on a school day (Monday to Friday), at the
 * time the owner set for the end of the school day, when the child has a school target, a live
 * school link and no school marks for today, one push to the owner — never to the teacher (she
 * has no account), never to the rest of the circle. Found by the minute's tick (reminders.ts), one
 * job per child and minute; quiet hours are kept by the push job, as for every scheduled reminder.
 */
import { sql } from 'drizzle-orm';
import { isQuiet, type PushPayload } from '../../src/shared/reminders.ts';
import type { Database } from '../db/client.ts';
import { childFirstName } from './people.ts';

export type CardPushJob = { kind: 'card'; userId: string; dueAt: string; childId: string; date: string };

type Clock = (at: Date) => { minute: number; date: string; weekday: number };

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** Whether the school has marked the child's card on `date`, and whether the owner still wants to know. */
const unmarked = (date: string) => sql`
  cs.school_reminder
  and exists (select 1 from card_targets t where t.child_id = cs.child_id and t.active and t.place in ('escola', 'ambos'))
  and not exists (select 1 from card_days d where d.child_id = cs.child_id and d.date = ${date}::date and d.source = 'escola')`;

/** The card reminders due at `minuteStart`. */
export async function dueCardReminders(
  db: Database,
  minuteStart: Date,
  clock: Clock,
): Promise<Array<{ data: CardPushJob; singletonKey: string }>> {
  const { minute, date, weekday } = clock(minuteStart);
  if (weekday === 0 || weekday === 6 || isQuiet(minute)) return [];
  const dueAt = minuteStart.toISOString();
  const result = await db.execute(sql`
    select cs.child_id, c.user_id from card_settings cs join children c on c.id = cs.child_id
    where cs.school_reminder_minute = ${minute} and ${unmarked(date)}
      and exists (select 1 from school_links l where l.child_id = cs.child_id and l.revoked_at is null
                  and l.expires_at > ${dueAt}::timestamptz)
      and exists (select 1 from push_subscriptions p where p.user_id = c.user_id)`);
  return rowsOf<{ child_id: string; user_id: string }>(result).map((row) => ({
    data: { kind: 'card', userId: row.user_id, dueAt, childId: row.child_id, date },
    singletonKey: `card:${row.user_id}:${row.child_id}:${dueAt}`,
  }));
}

/** "Cartão do dia de Lia": null once the school marked, the reminder was turned off, or she is no longer the owner. */
export async function cardPayload(db: Database, job: CardPushJob): Promise<PushPayload | null> {
  const still = await db.execute(sql`
    select 1 from card_settings cs join children c on c.id = cs.child_id
    where cs.child_id = ${job.childId} and c.user_id = ${job.userId} and ${unmarked(job.date)}`);
  const name = await childFirstName(db, job.childId);
  if (rowsOf(still).length === 0 || !name) return null;
  return {
    title: `Cartão do dia de ${name}`,
    body: 'A escola ainda não marcou o cartão de hoje. Se quiser, lembre a professora ou marque pelo cartão de papel.',
    url: `/cartao-do-dia/?crianca=${job.childId}`,
    tag: `card-${job.childId}`,
  };
}
