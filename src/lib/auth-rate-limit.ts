/** The spec's client-side counter: 5 attempts per 15 minutes under one shared key (§5). The server enforces its own. */
import { readJson, writeJson } from './storage.ts';

const KEY = 'auth_rate_limit';
const WINDOW_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/** Records an attempt; returns the minutes to wait when over the limit, else null. */
export function registerAttempt(now = Date.now()): number | null {
  const stored = readJson(KEY);
  const recent = (Array.isArray(stored) ? stored : []).filter(
    (t): t is number => typeof t === 'number' && now - t < WINDOW_MS,
  );
  if (recent.length >= MAX_ATTEMPTS) return Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - now) / 60_000));
  writeJson(KEY, [...recent, now]);
  return null;
}
