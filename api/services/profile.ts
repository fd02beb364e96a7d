/**
 * Her profile (spec §3, §5): the four fields, hers alone. Whoever joined a child through an
 * invitation gives only a name (issue 39): mobile and CPF are asked of whoever pays, at checkout.
 */
import { eq } from 'drizzle-orm';
import {
  isProfileComplete,
  joinedByInvitation,
  PROFILE_REQUIRED,
  type profileInputSchema,
} from '../../src/shared/validation.ts';
import type { Database } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { type AuditContext, audit } from './audit.ts';
import { childSummaries } from './children.ts';

const columns = { fullName: profiles.fullName, email: profiles.email, phone: profiles.phone, cpf: profiles.cpf };

export async function profileOf(db: Database, userId: string) {
  const [profile] = await db.select(columns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile ?? null;
}

/** Whether she follows some child through an invitation: then a name completes her profile. */
export async function isMember(db: Database, userId: string): Promise<boolean> {
  return joinedByInvitation(await childSummaries(db, userId));
}

/** Her profile and whether it is complete, as `GET /api/me` tells it. */
export function profileState(
  profile: Awaited<ReturnType<typeof profileOf>>,
  children: ReadonlyArray<{ role: string }>,
) {
  return { profile, profileComplete: isProfileComplete(profile, joinedByInvitation(children)) };
}

export async function saveProfile(
  db: Database,
  userId: string,
  input: ReturnType<typeof profileInputSchema.parse>,
  now: Date,
  context: AuditContext,
) {
  if (!(await isMember(db, userId))) {
    const missing = Object.fromEntries(
      (['phone', 'cpf'] as const).filter((key) => !input[key]).map((key) => [key, PROFILE_REQUIRED[key]]),
    );
    if (Object.keys(missing).length) throw new ApiError('validation_failed', undefined, { fields: missing });
  }
  const email =
    input.email ??
    (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0]?.email ??
    '';
  // What she did not give is not kept: a member who leaves out her CPF has none stored.
  const values = {
    fullName: input.fullName,
    email,
    phone: input.phone ?? null,
    cpf: input.cpf ?? null,
    updatedAt: now,
  };
  const [profile] = await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values })
    .returning(columns);
  await audit(db, 'profile_saved', context, { userId });
  return profile!;
}
