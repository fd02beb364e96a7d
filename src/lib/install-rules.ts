/**
 * When the install card may show (spec §4, §9), with the clock injected for tests. Besides the
 * spec's timing, it waits until she has used the app: a later visit, not her very first one.
 */
export const INSTALL_DISMISS_KEY = 'pwa-install-dismissed';
export const DISMISS_FOR_MS = 7 * 24 * 60 * 60 * 1000;
export const AFTER_EVENT_MS = 3000;
export const FALLBACK_AFTER_LOAD_MS = 5000;

/** A dismissal counts for 7 days; anything else stored (or nothing) does not. */
export function isDismissed(stored: unknown, now: number): boolean {
  return typeof stored === 'number' && Number.isFinite(stored) && now - stored >= 0 && now - stored < DISMISS_FOR_MS;
}

/** localStorage: when this device first and last opened a page, and how many visits that makes. */
export const VISITS_KEY = 'visitas';
/** Like web analytics: a page opened after 30 minutes without any starts a new visit. */
export const NEW_VISIT_AFTER_MS = 30 * 60 * 1000;

export interface Visits {
  count: number;
  last: number;
}

/** The visits after a page load at `now`; anything unreadable stored counts as none. */
export function recordVisit(stored: unknown, now: number): Visits {
  const previous = stored as Partial<Visits> | undefined;
  const valid =
    typeof previous?.count === 'number' &&
    previous.count >= 1 &&
    typeof previous.last === 'number' &&
    Number.isFinite(previous.last) &&
    previous.last <= now;
  if (!valid) return { count: 1, last: now };
  const isNewVisit = now - previous.last! >= NEW_VISIT_AFTER_MS;
  return { count: previous.count! + (isNewVisit ? 1 : 0), last: now };
}

/** She has used the app once she comes back: the card never greets a first visit. */
export const hasUsedApp = (visits: Visits) => visits.count >= 2;
