/**
 * The report's PDF drawn in a worker thread, one per report: the API's event loop keeps answering
 * other requests while it draws, and stopping the work is terminating the worker (its heap goes
 * with it) when `signal` aborts: the client left or the deadline passed. How many run at once is
 * services/work-slots.ts's reportLimiter.
 */
import { Worker } from 'node:worker_threads';
import type { ReportData } from './report-data.ts';

/** A year's report needs ~30 MB of heap; a runaway one stops here instead of growing the process. */
const WORKER_HEAP_MB = 128;

export function renderReportOffThread(data: ReportData, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./report-worker.ts', import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (act: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', stop);
      act();
    };
    const stop = () => {
      finish(() => reject(signal.reason));
      void worker.terminate();
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.once('message', (pdf: Uint8Array<ArrayBuffer>) => finish(() => resolve(pdf)));
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) => finish(() => reject(new Error(`report worker exited with ${code}`))));
  });
}
