/**
 * Not needed for the first paint: the service worker, the offline queue and the overlays, loaded
 * once the page is idle. Started by the page's own script (guard.ts or flash.ts), so a page makes
 * one request less before it is usable; pages without them say `data-app-shell="off"`.
 */
if (document.documentElement.dataset.appShell !== 'off') {
  const start = () => void import('./app-shell.ts');
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 1000);
}
