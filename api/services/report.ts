/**
 * The report for a professional, on request: one of hers at a time and two in the process
 * (work-slots.ts), the data read here and the PDF drawn in a worker (report-render.ts), all of it
 * stopped when `signal` aborts (client gone, deadline passed). Decision 0018.
 */
import { reportFileName } from '../../src/shared/insights.ts';
import type { Database } from '../db/client.ts';
import { isDeadlinePassed, WorkAbandoned } from '../db/deadline.ts';
import type { Logger } from '../log.ts';
import { reportData } from './report-data.ts';
import { renderReportOffThread } from './report-render.ts';
import { reportLimiter } from './work-slots.ts';

export async function reportFor(
  db: Database,
  userId: string,
  childId: string,
  period: { from: string; to: string },
  now: Date,
  signal: AbortSignal,
  logger: Logger,
  options: { includeEntries?: boolean } = {},
): Promise<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let stage: 'waiting' | 'data' | 'render' = 'waiting';
  try {
    return await reportLimiter.run(userId, signal, async () => {
      stage = 'data';
      const data = await reportData(db, userId, childId, period, now, signal, options);
      stage = 'render';
      logger.info('report_drawing', { entries: data.entries.length, dataMs: ms() });
      const pdf = await renderReportOffThread(data, signal);
      return { pdf, fileName: reportFileName(data.insights.child.name, period.from, period.to) };
    });
  } catch (err) {
    if (isDeadlinePassed(err))
      logger.info('report_stopped', { why: err instanceof WorkAbandoned ? err.why : 'deadline', stage, ms: ms() });
    throw err;
  }
}
