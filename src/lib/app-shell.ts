/**
 * Every page, once idle: the service worker, the overlays, the offline queue when something waits,
 * and the "Não foi salvo" panel when the server refused something that waited (issue 37).
 */
import './pwa.ts';
import './overlays.ts';
import { PENDING_FLAG, REFUSED_FLAG } from '../stores/queue.ts';
import { readJson } from './storage.ts';

const sendWaiting = () => void import('./offline-queue.ts');
if (readJson(PENDING_FLAG)) sendWaiting();
if (readJson(REFUSED_FLAG)) void import('./refused-panel.ts');
window.addEventListener('online', () => {
  if (readJson(PENDING_FLAG)) sendWaiting();
});
