/**
 * Possible double doses (issue 37, decision 0030). A dose stored inside the minimum interval of
 * another given dose of its medicine, or a second mark of one scheduled time, opens an alert — or
 * joins the unseen alert that already holds one of the doses it overlaps, so ten doses sent at once
 * make one alert, not nine. Opening or joining one sends a push to every member of the circle who
 * turned "remédios" on, in the dose's own transaction. Every member sees the alerts; the owner
 * marks them seen. An alert is never deleted (issue 54): a dose of it undone since stays in it, with
 * who undid it and when (dose_alert_undos), and every member sees it until the owner marks it seen.
 */
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import type { DoseAlertKind } from '../../src/shared/dose-alerts.ts';
import type { DoseStatus } from '../../src/shared/treatment-words.ts';
import type { Database } from '../db/client.ts';
import { children, doseAlerts, doseAlertUndos, medicineDoses, medicines } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { accessTo, requireChild } from './access.ts';
import { namesOf, type RecordedBy } from './people.ts';

/** The schema's limit of doses in one alert (dose_alerts_doses): past it, a new alert. */
const MAX_DOSES = 50;
/** Seen alerts stay in the list this long; unseen ones stay until the owner marks them. */
const SEEN_KEPT_DAYS = 30;
/** At most one push per person and alert in this many seconds (ten doses at once: one push, not nine). */
const PUSH_THROTTLE_SECONDS = 60;
/** The list's length, newest first. */
const LIST_LIMIT = 100;

/** The `push` job of an alert opened or joined: one per member who turned "remédios" on. */
export interface DoseAlertPushJob {
  kind: 'dose-alert';
  userId: string;
  dueAt: string;
  childId: string;
  alertId: string;
}

/**
 * The dose `doseId` overlaps `related` (doses of the same medicine): it joins the newest unseen
 * alert of that kind holding any of them, or opens one with the nearest. Then every member who
 * turned "remédios" on and has a device gets a push job, in `tx`. Returns the alert's id.
 */
export async function flagDose(
  tx: Database,
  jobs: JobQueue,
  args: {
    childId: string;
    medicineId: string;
    doseId: string;
    nearest: string;
    related: string[];
    kind: DoseAlertKind;
    now: Date;
  },
): Promise<string> {
  const { childId, medicineId, doseId, nearest, related, kind, now } = args;
  const held = sql.join(
    related.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [open] = await tx
    .select({ id: doseAlerts.id, doseIds: doseAlerts.doseIds })
    .from(doseAlerts)
    .where(
      and(
        eq(doseAlerts.medicineId, medicineId),
        eq(doseAlerts.kind, kind),
        isNull(doseAlerts.seenAt),
        sql`${doseAlerts.doseIds} && array[${held}]`,
        sql`cardinality(${doseAlerts.doseIds}) < ${MAX_DOSES}`,
      ),
    )
    .orderBy(desc(doseAlerts.createdAt))
    .limit(1);
  // Every dose it may double is in the warning with it, not only the nearest (a dose between two
  // others within the interval doubles both).
  const together = (held: readonly string[]) =>
    [...new Set([...held, nearest, ...related, doseId])].slice(0, MAX_DOSES);
  let alertId: string;
  if (open) {
    await tx
      .update(doseAlerts)
      .set({ doseIds: together(open.doseIds) })
      .where(eq(doseAlerts.id, open.id));
    alertId = open.id;
  } else {
    const [made] = await tx
      .insert(doseAlerts)
      .values({ childId, medicineId, kind, doseIds: together([]), createdAt: now })
      .returning({ id: doseAlerts.id });
    alertId = made!.id;
  }
  for (const userId of await alertRecipients(tx, childId)) {
    const job: DoseAlertPushJob = { kind: 'dose-alert', userId, dueAt: now.toISOString(), childId, alertId };
    await jobs.send('push', job, {
      tx,
      singletonKey: `dose-alert:${userId}:${alertId}`,
      singletonSeconds: PUSH_THROTTLE_SECONDS,
    });
  }
  return alertId;
}

/** Everyone of the child's circle (owner, carers, viewers) who turned "remédios" on and has a device. */
async function alertRecipients(db: Database, childId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select people.user_id
    from (
      select c.user_id from children c where c.id = ${childId}
      union
      select m.user_id from child_members m where m.child_id = ${childId}
    ) people
    join reminder_settings r on r.user_id = people.user_id and r.medicines_enabled
    where exists (select 1 from push_subscriptions p where p.user_id = people.user_id)
    order by people.user_id`);
  const rows = Array.isArray(result)
    ? (result as Array<{ user_id: string }>)
    : ((result as { rows?: Array<{ user_id: string }> }).rows ?? []);
  return rows.map((r) => r.user_id);
}

/**
 * A dose about to be deleted (an undo), in `tx` under its medicine's lock: every alert that holds it
 * keeps what it said, who undid it and when. A dose of no alert leaves nothing.
 */
export async function keepUndone(
  tx: Database,
  dose: { id: string; userId: string | null; status: string; at: Date; scheduledFor: string | null },
  undoneBy: string,
  now: Date,
): Promise<void> {
  const holding = await tx
    .select({ id: doseAlerts.id })
    .from(doseAlerts)
    .where(sql`${doseAlerts.doseIds} @> array[${dose.id}::uuid]`);
  if (!holding.length) return;
  await tx
    .insert(doseAlertUndos)
    .values(
      holding.map((alert) => ({
        alertId: alert.id,
        doseId: dose.id,
        status: dose.status,
        at: dose.at,
        scheduledFor: dose.scheduledFor,
        recordedBy: dose.userId,
        undoneBy,
        undoneAt: now,
      })),
    )
    .onConflictDoNothing();
}

// ---------------------------------------------------------------- what the circle sees

export interface AlertDoseView {
  id: string;
  at: string;
  by: RecordedBy;
  status: DoseStatus;
  /** the time it was due (`YYYY-MM-DDTHH:MM`, São Paulo); null for an as-needed dose */
  scheduledFor: string | null;
}

/** A dose of the alert undone since: which, who undid it, when. */
export interface AlertUndoView {
  doseId: string;
  by: RecordedBy;
  at: string;
}

export interface DoseAlertView {
  id: string;
  medicineId: string;
  /** the medicine's name */
  name: string;
  kind: DoseAlertKind;
  /** oldest first, those undone since included (as they were marked) */
  doses: AlertDoseView[];
  /** the doses of `doses` undone since, oldest first */
  undoneDoseIds: string[];
  /** who undid each of them and when, in the order they were undone */
  undone: AlertUndoView[];
  createdAt: string;
  seenAt: string | null;
}

type AlertRow = {
  id: string;
  medicineId: string;
  name: string;
  kind: string;
  doseIds: string[];
  createdAt: Date;
  seenAt: Date | null;
};

const alertColumns = {
  id: doseAlerts.id,
  medicineId: doseAlerts.medicineId,
  name: medicines.name,
  kind: doseAlerts.kind,
  doseIds: doseAlerts.doseIds,
  createdAt: doseAlerts.createdAt,
  seenAt: doseAlerts.seenAt,
};

/** The alerts matching `where`, with their medicine's name, for `presentAlerts`. */
const alertsWhere = (db: Database, where: SQL | undefined) =>
  db.select(alertColumns).from(doseAlerts).innerJoin(medicines, eq(medicines.id, doseAlerts.medicineId)).where(where);

/**
 * The alerts with their doses, oldest first: those still stored and those undone since (as they
 * were, from dose_alert_undos). An alert whose doses were deleted before undos were kept (fewer
 * than two known) has nothing left to tell and is left out.
 */
async function presentAlerts(db: Database, rows: AlertRow[]): Promise<DoseAlertView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.doseIds))];
  const alertIds = rows.map((r) => r.id);
  const [doses, undos] = await Promise.all([
    ids.length
      ? db
          .select({
            id: medicineDoses.id,
            at: medicineDoses.at,
            userId: medicineDoses.userId,
            status: medicineDoses.status,
            scheduledFor: medicineDoses.scheduledFor,
          })
          .from(medicineDoses)
          .where(inArray(medicineDoses.id, ids))
      : [],
    alertIds.length
      ? db
          .select()
          .from(doseAlertUndos)
          .where(inArray(doseAlertUndos.alertId, alertIds))
          .orderBy(asc(doseAlertUndos.undoneAt), asc(doseAlertUndos.doseId))
      : [],
  ]);
  const who = await namesOf(db, [...doses.map((d) => d.userId), ...undos.flatMap((u) => [u.recordedBy, u.undoneBy])]);
  const byId = new Map(doses.map((d) => [d.id, d]));
  return rows.flatMap((row) => {
    const undone = undos.filter((u) => u.alertId === row.id);
    const kept = undone.map((u) => ({
      id: u.doseId,
      at: u.at,
      userId: u.recordedBy,
      status: u.status,
      scheduledFor: u.scheduledFor,
    }));
    const mine = [...row.doseIds.map((id) => byId.get(id)).filter((d) => d !== undefined), ...kept]
      .filter((d, i, all) => all.findIndex((other) => other.id === d.id) === i)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
    if (mine.length < 2) return [];
    const undoneIds = new Set(undone.map((u) => u.doseId));
    return [
      {
        id: row.id,
        medicineId: row.medicineId,
        name: row.name,
        kind: row.kind as DoseAlertKind,
        doses: mine.map((d) => ({
          id: d.id,
          at: d.at.toISOString(),
          by: who(d.userId),
          status: d.status as DoseStatus,
          scheduledFor: d.scheduledFor,
        })),
        undoneDoseIds: mine.filter((d) => undoneIds.has(d.id)).map((d) => d.id),
        undone: undone.map((u) => ({ doseId: u.doseId, by: who(u.undoneBy), at: u.undoneAt.toISOString() })),
        createdAt: row.createdAt.toISOString(),
        seenAt: row.seenAt?.toISOString() ?? null,
      },
    ];
  });
}

/**
 * The child's alerts, newest first, for every member: the unseen ones whatever their age and the
 * ones seen in the last 30 days; `unseen` leaves only those not yet marked seen (the page's warning).
 */
export async function listDoseAlerts(
  db: Database,
  userId: string,
  childId: string,
  query: { unseen?: boolean },
  now: Date,
): Promise<DoseAlertView[]> {
  await requireChild(db, userId, childId, 'read', { now });
  const since = new Date(now.getTime() - SEEN_KEPT_DAYS * DAY_MS).toISOString();
  const rows = await alertsWhere(
    db,
    and(
      eq(doseAlerts.childId, childId),
      query.unseen
        ? isNull(doseAlerts.seenAt)
        : or(isNull(doseAlerts.seenAt), sql`${doseAlerts.seenAt} > ${since}::timestamptz`),
    ),
  )
    .orderBy(desc(doseAlerts.createdAt), desc(doseAlerts.id))
    .limit(LIST_LIMIT);
  return presentAlerts(db, rows);
}

/**
 * The owner says she saw it (and settled it with the family or the doctor): 403 for other members,
 * 404 for anyone else and for an alert of another child. Marking again keeps the first time. Not a
 * paid write: a warning about a double dose is settled even when the subscription has ended.
 */
export async function markAlertSeen(
  db: Database,
  userId: string,
  childId: string,
  alertId: string,
  now: Date,
): Promise<DoseAlertView> {
  const access = await accessTo(db, userId, childId, now);
  if (!access) throw new ApiError('not_found', MESSAGES.childNotFound);
  if (access.role !== 'owner') throw new ApiError('forbidden', MESSAGES.alertSeenOwnerOnly);
  const mine = and(eq(doseAlerts.id, alertId), eq(doseAlerts.childId, childId));
  await db
    .update(doseAlerts)
    .set({ seenAt: now, seenBy: userId })
    .where(and(mine, isNull(doseAlerts.seenAt)));
  const rows = await alertsWhere(db, mine);
  if (!rows[0]) throw new ApiError('not_found', MESSAGES.doseAlertNotFound);
  const [view] = await presentAlerts(db, rows);
  // Only an alert from before undos were kept can have nothing left to tell.
  if (!view) throw new ApiError('not_found', MESSAGES.doseAlertNotFound);
  return view;
}

/** Whether a push about this alert still applies (not seen since), and its kind and size. */
export async function alertForPush(
  db: Database,
  alertId: string,
  childId: string,
): Promise<{ kind: DoseAlertKind; doses: number } | null> {
  const [row] = await db
    .select({
      kind: doseAlerts.kind,
      doses: sql<number>`cardinality(${doseAlerts.doseIds})`,
      seenAt: doseAlerts.seenAt,
    })
    .from(doseAlerts)
    .where(and(eq(doseAlerts.id, alertId), eq(doseAlerts.childId, childId)));
  if (!row || row.seenAt) return null;
  return { kind: row.kind as DoseAlertKind, doses: Number(row.doses) };
}

// ---------------------------------------------------------------- the report and the export

/** An alert as the report tells it: the medicine, the kind, who marked each dose and when, and the undos. */
export interface OverlapInPeriod {
  medicineId: string;
  name: string;
  kind: DoseAlertKind;
  doses: Array<{ id: string; by: string; at: string; status: DoseStatus; scheduledFor: string | null }>;
  undone: Array<{ doseId: string; by: string; at: string }>;
}

/** The child's alerts with a dose on a day of the period, in the order of their first dose. No access check. */
export async function alertsInPeriod(
  db: Database,
  childId: string,
  period: { from: string; to: string },
): Promise<OverlapInPeriod[]> {
  const rows = await alertsWhere(
    db,
    and(
      eq(doseAlerts.childId, childId),
      sql`(exists (select 1 from ${medicineDoses} d where d.id = any(${doseAlerts.doseIds}) and d.day between ${period.from}::date and ${period.to}::date)
        or exists (select 1 from ${doseAlertUndos} u where u.alert_id = ${doseAlerts.id}
          and coalesce(left(u.scheduled_for, 10)::date, (u.at at time zone 'America/Sao_Paulo')::date) between ${period.from}::date and ${period.to}::date))`,
    ),
  ).orderBy(asc(doseAlerts.createdAt));
  return (await presentAlerts(db, rows))
    .map((alert) => ({
      medicineId: alert.medicineId,
      name: alert.name,
      kind: alert.kind,
      doses: alert.doses.map((d) => ({
        id: d.id,
        by: d.by.name,
        at: d.at,
        status: d.status,
        scheduledFor: d.scheduledFor,
      })),
      undone: alert.undone.map((u) => ({ doseId: u.doseId, by: u.by.name, at: u.at })),
    }))
    .sort((a, b) => (a.doses[0]!.at < b.doses[0]!.at ? -1 : a.doses[0]!.at > b.doses[0]!.at ? 1 : 0));
}

/** Her copy (LGPD): the alerts of her children, whoever's doses they hold. */
export async function doseAlertsForExport(db: Database, userId: string) {
  const owned = db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  const rows = await db
    .select()
    .from(doseAlerts)
    .where(inArray(doseAlerts.childId, owned))
    .orderBy(asc(doseAlerts.createdAt));
  const undos = rows.length
    ? await db
        .select()
        .from(doseAlertUndos)
        .where(
          inArray(
            doseAlertUndos.alertId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(doseAlertUndos.undoneAt))
    : [];
  return rows.map(({ seenBy, ...rest }) => ({
    ...rest,
    seenByYou: seenBy === userId,
    undone: undos
      .filter((u) => u.alertId === rest.id)
      .map(({ alertId: _alert, recordedBy, undoneBy, ...undo }) => ({
        ...undo,
        recordedByYou: recordedBy === userId,
        undoneByYou: undoneBy === userId,
      })),
  }));
}
