/** Every page: the service worker, the offline queue, and the overlays. */
import './pwa.ts';
import './offline-queue.ts';
import './overlays.ts';
