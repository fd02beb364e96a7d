/**
 * Draws one report off the API's thread (services/report-render.ts starts it): pdfkit is seconds of
 * synchronous CPU for a year of entries, which on the main thread would hold every other request.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ReportData } from './report-data.ts';
import { renderReport } from './report-pdf.ts';

const pdf = await renderReport(workerData as ReportData);
// Hand the bytes over without a copy (a view into a shared pool is copied first).
const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : pdf.slice();
parentPort!.postMessage(own, [own.buffer]);
