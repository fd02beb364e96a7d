/** Spec §3/§8: security events kept on the device, the last 100, under "security_logs". */
import { readJson, writeJson } from './storage.ts';

export type SecurityEvent =
  | 'auth_login_failed'
  | 'auth_login_success'
  | 'auth_signup_failed'
  | 'auth_signup_success'
  | 'auth_reset_requested'
  | 'auth_password_reset'
  | 'payment_attempt'
  | 'payment_creation_failed'
  | 'payment_creation_success'
  | 'payment_confirmed'
  | 'payment_check_timeout';

const KEY = 'security_logs';
export const SECURITY_LOG_LIMIT = 100;

export function logSecurityEvent(event: SecurityEvent, extras: Record<string, unknown> = {}): void {
  const stored = readJson(KEY);
  const entries = Array.isArray(stored) ? stored : [];
  entries.push({
    timestamp: new Date().toISOString(),
    event,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    url: typeof location === 'undefined' ? '' : location.href.split('?')[0],
    ...extras,
  });
  writeJson(KEY, entries.slice(-SECURITY_LOG_LIMIT));
}
