/**
 * The teacher's daily card through the school link (issue 43), without the typed client: her page
 * stays small. A send waits on the device (localStorage) until it reaches the server; its id, made
 * once, makes a resend a no-op (decision 0036).
 */
import type { SchoolMarksInput } from '../shared/daily-card.ts';
import type { schoolCardAnswer } from '../shared/responses.ts';
import { apiError, BASE, getJson, send } from './api-core.ts';
import { readJson, removeKey, writeJson } from './storage.ts';

export type SchoolCard = import('zod/mini').infer<typeof schoolCardAnswer>;
export type Pending = { token: string; date: string; body: SchoolMarksInput };

const PENDING_KEY = 'escola-cartao-pendente';

export const loadSchoolCard = (token: string, date?: string) =>
  getJson<SchoolCard>(`/school/${encodeURIComponent(token)}/daily-card${date ? `?date=${date}` : ''}`);

export const pendingOf = (token: string): Pending | null => {
  const stored = readJson(PENDING_KEY) as Pending | undefined;
  return stored?.token === token ? stored : null;
};

/** Kept first, then sent: a closed tab or a lost connection loses nothing. Throws ApiError. */
export async function sendSchoolCard(pending: Pending): Promise<void> {
  writeJson(PENDING_KEY, pending);
  const response = await send(`${BASE}/api/school/${encodeURIComponent(pending.token)}/daily-card/${pending.date}`, {
    method: 'PUT',
    body: JSON.stringify(pending.body),
  });
  if (!response.ok) {
    const error = apiError(response.status, await response.json().catch(() => null));
    // Refused for good (not a lost connection, not a busy server): it never goes, so it stops waiting.
    if (response.status < 500) removeKey(PENDING_KEY);
    throw error;
  }
  removeKey(PENDING_KEY);
}
