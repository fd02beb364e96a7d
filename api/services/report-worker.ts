/**
 * Draws reports off the API's thread (services/report-render.ts keeps a few of these): pdfkit is
 * a second or more of synchronous CPU for a year of entries, which on the main thread would hold
 * every other request. One report at a time per worker; the worker stays for the next one.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ReportData } from './report-data.ts';
import { renderReport } from './report-pdf.ts';

// Linux gives each thread its own nice value: on a small instance the API's thread is served first.
try {
  setPriority(10);
} catch {
  // not permitted here: draw at the same priority
}

parentPort!.on('message', async (data: ReportData) => {
  const pdf = await renderReport(data);
  // Hand the bytes over without a copy (a view into a shared pool is copied first).
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : pdf.slice();
  parentPort!.postMessage(own, [own.buffer]);
});
