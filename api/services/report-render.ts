/**
 * The report's PDF drawn in a worker thread: the API's event loop keeps answering other requests
 * while it draws, and stopping the work is terminating the worker (its heap goes with it) when
 * `signal` aborts: the client left or the deadline passed. Starting a worker (loading pdfkit and
 * its fonts) costs about as much as a report, so a finished one waits IDLE_MS for the next; how
 * many draw at once is services/work-slots.ts's reportLimiter.
 */
import { Worker } from 'node:worker_threads';
import type { ReportData } from './report-data.ts';

/** A year's report needs ~30 MB of heap; a runaway one stops here instead of growing the process. */
const WORKER_HEAP_MB = 128;
/** Reports are rare: an idle worker (~30 MB) is let go after this long. */
const IDLE_MS = 30_000;

const idle: Array<{ worker: Worker; timer: ReturnType<typeof setTimeout> }> = [];

function worker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    return kept.worker;
  }
  const fresh = new Worker(new URL('./report-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // An idle worker never keeps the process alive (tests, shutdown).
  fresh.unref();
  return fresh;
}

function keep(w: Worker) {
  const timer = setTimeout(() => {
    const at = idle.findIndex((k) => k.worker === w);
    if (at >= 0) idle.splice(at, 1);
    void w.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker: w, timer });
}

/**
 * Makes sure a drawing worker is ready for the next report, without drawing: called when a report
 * is likely (she has the patterns page open, where "Baixar relatório" is), so her tap does not pay
 * the worker's start (loading pdfkit and parsing the fonts: ~250 ms; the first report of a fresh
 * worker took 0.7–1.0 s against a median of ~100 ms; issue 41). The worker is kept idle at once
 * (a report that takes it before it has loaded waits for its load, as it would anyway) and waits
 * IDLE_MS again; none is made while one is idle. Cheap enough for every insights request.
 */
export function prepareReportWorker(): void {
  const kept = idle.at(-1);
  if (kept) {
    kept.timer.refresh();
    return;
  }
  const fresh = worker();
  // A worker that fails while nobody draws with it is dropped, never an unhandled 'error'.
  const failed = () => {
    const at = idle.findIndex((k) => k.worker === fresh);
    if (at >= 0) {
      clearTimeout(idle[at]!.timer);
      idle.splice(at, 1);
    }
    void fresh.terminate();
  };
  fresh.on('error', failed);
  keep(fresh);
}

/** How many drawing workers wait idle for the next report (tests). */
export const idleReportWorkers = (): number => idle.length;

export function renderReportOffThread(data: ReportData, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  signal.throwIfAborted();
  const w = worker();
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', stop);
      w.off('message', drawn);
      w.off('error', failed);
      w.off('exit', exited);
    };
    const stop = () => {
      done();
      void w.terminate();
      reject(signal.reason);
    };
    const drawn = (pdf: Uint8Array<ArrayBuffer>) => {
      done();
      keep(w);
      resolve(pdf);
    };
    const failed = (err: Error) => {
      done();
      void w.terminate();
      reject(err);
    };
    const exited = (code: number) => {
      done();
      reject(new Error(`report worker exited with ${code}`));
    };
    signal.addEventListener('abort', stop, { once: true });
    w.on('message', drawn);
    w.once('error', failed);
    w.once('exit', exited);
    w.postMessage(data);
  });
}
