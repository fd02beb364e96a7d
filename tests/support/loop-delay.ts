/**
 * Preloaded into an API process by a timing test (`node --import ./tests/support/loop-delay.ts
 * api/server.ts`): every 250 ms it prints, as one JSON log line, the longest stretch the process's
 * event loop was held in that time (PGlite's statements on its thread, and the machine's other
 * processes on shared cores). A test that bounds how late the API answers adds this, measured in
 * the same run, instead of a figure that holds only on a machine of one speed (issue 41).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
setInterval(() => {
  process.stdout.write(`${JSON.stringify({ msg: 'loop_delay', max_ms: Math.round(histogram.max / 1e5) / 10 })}\n`);
  histogram.reset();
}, 250).unref();
