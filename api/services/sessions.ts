/**
 * Sessions the Lucia way (lucia-auth.com/sessions): a random token in an HttpOnly cookie, only
 * its SHA-256 in the database, 30 days that slide when used, revocation on logout and on
 * password change.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { EMAIL_TOKEN_PURPOSES } from '../../src/shared/enums.ts';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import type { Database } from '../db/client.ts';
import { bookkeeping } from '../db/deadline.ts';
import { emailTokens, sessions, subscriptions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend when less than half the lifetime is left: one write per 15 days, not per request. */
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

export interface SessionUser {
  id: string;
  email: string;
}

export interface SubscriptionState {
  active: boolean;
  expiresAt: Date | null;
}

export interface ValidSession {
  id: string;
  userId: string;
  expiresAt: Date;
  /** true when this validation slid the expiry (the cookie must be re-sent) */
  renewed: boolean;
  /** when a staff member passed the second factor on this session (services/staff.ts) */
  twoFactorAt: Date | null;
}

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** A single-use link's token for `userId`: only its hash is stored. Returns the token for the e-mail. */
export async function issueEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = generateToken();
  await db.insert(emailTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return token;
}

/** The condition for an e-mail token that can still be used: well formed is checked by the caller. */
export const liveEmailToken = (token: string, purpose: EmailTokenPurpose, now: Date) =>
  and(
    eq(emailTokens.id, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

export async function createSession(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

// Every authenticated request runs this: built once per database, prepared on the server, and
// carrying the subscription along (subscriptions.user_id is unique) so no second query is needed.
const lookups = new WeakMap<Database, ReturnType<typeof buildLookup>>();
function buildLookup(db: Database) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      twoFactorAt: sessions.twoFactorAt,
      email: users.email,
      subscriptionStatus: subscriptions.status,
      subscriptionExpiresAt: subscriptions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_lookup');
}

export async function validateSession(
  db: Database,
  token: string,
  now: Date,
): Promise<{ session: ValidSession; user: SessionUser; subscription: SubscriptionState } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = hashToken(token);
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = buildLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id });
  if (!row) return null;
  if (now.getTime() >= row.expiresAt.getTime()) {
    await bookkeeping(async () => {
      await db.delete(sessions).where(eq(sessions.id, id));
    });
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (row.expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    renewed = true;
    await bookkeeping(async () => {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    });
  }
  const active =
    row.subscriptionStatus === 'paid' &&
    row.subscriptionExpiresAt !== null &&
    row.subscriptionExpiresAt.getTime() > now.getTime();
  return {
    session: { id, userId: row.userId, expiresAt, renewed, twoFactorAt: row.twoFactorAt },
    user: { id: row.userId, email: row.email },
    subscription: { active, expiresAt: active ? row.subscriptionExpiresAt : null },
  };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user, except the one given (the device that changed the password). */
export async function deleteUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}
