/** Every page, once idle: the service worker, the overlays, and the offline queue when something waits. */
import './pwa.ts';
import './overlays.ts';
import { PENDING_FLAG } from '../stores/queue.ts';
import { readJson } from './storage.ts';

const sendWaiting = () => void import('./offline-queue.ts');
if (readJson(PENDING_FLAG)) sendWaiting();
window.addEventListener('online', () => {
  if (readJson(PENDING_FLAG)) sendWaiting();
});
