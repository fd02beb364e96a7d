/**
 * What a list of hers shows (src/islands/useOfflineList.ts), whichever reading of the server it last
 * got. The service worker answers a reading from its copy when the network fails or is slow, and
 * that copy is as old as the last reading it saw (decision 0031): right after the queue delivers
 * her row, a reading may lack it; right after it delivers her deletion, a reading may still hold the
 * row. So what this page's queue delivered is known here and never taken back by such a reading:
 * - a row she added and the server took (at once or from the queue) is shown until a reading holds it (from then on the
 *   readings say whether it is there: another device may delete it);
 * - a row whose deletion reached the server from here is never shown again (ids are never reused).
 * Pure, so that the rule is proved with property tests (tests/unit/list-view.test.ts).
 */

export type ShownRow<Row> = Row & { pending?: boolean };

export interface ListView<Row extends { id: string }> {
  /** the latest reading */
  rows: readonly Row[];
  /** what she added that waits on the device, oldest first */
  waiting: readonly Row[];
  /** ids whose deletion waits on the device */
  waitingDeletes: ReadonlySet<string>;
  /** what she added that the server took from this page (at once or from the queue) */
  delivered: readonly Row[];
  /** ids whose deletion reached the server from this page (sent at once or delivered by the queue) */
  deleted: ReadonlySet<string>;
  /** ids a reading has held: from then on the readings decide */
  held: ReadonlySet<string>;
}

/** Newest first: what waits, then what was delivered and no reading holds yet, then the reading. */
export function shownRows<Row extends { id: string }>(view: ListView<Row>): Array<ShownRow<Row>> {
  const inReading = new Set(view.rows.map((row) => row.id));
  const gone = (id: string) => view.deleted.has(id) || view.waitingDeletes.has(id);
  const waiting = view.waiting
    .filter((row) => !inReading.has(row.id) && !view.deleted.has(row.id))
    .map((row) => ({ ...row, pending: true }));
  const waitingIds = new Set(waiting.map((row) => row.id));
  const delivered = view.delivered.filter(
    (row) => !inReading.has(row.id) && !waitingIds.has(row.id) && !view.held.has(row.id) && !gone(row.id),
  );
  const shown = new Map<string, ShownRow<Row>>();
  for (const row of [...waiting.reverse(), ...delivered.reverse(), ...view.rows.filter((row) => !gone(row.id))])
    if (!shown.has(row.id)) shown.set(row.id, row);
  return [...shown.values()];
}
