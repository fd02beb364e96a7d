/** When the install card may show (spec §4, §9), with the clock injected for tests. */
export const INSTALL_DISMISS_KEY = 'pwa-install-dismissed';
export const DISMISS_FOR_MS = 7 * 24 * 60 * 60 * 1000;
export const AFTER_EVENT_MS = 3000;
export const FALLBACK_AFTER_LOAD_MS = 5000;

/** A dismissal counts for 7 days; anything else stored (or nothing) does not. */
export function isDismissed(stored: unknown, now: number): boolean {
  return typeof stored === 'number' && Number.isFinite(stored) && now - stored >= 0 && now - stored < DISMISS_FOR_MS;
}

export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
}
