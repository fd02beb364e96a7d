/** Her profile (spec §3, §5): the four fields, hers alone. */
import { eq } from 'drizzle-orm';
import type { profileSchema } from '../../src/shared/validation.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import { type AuditContext, audit } from './audit.ts';

const columns = { fullName: profiles.fullName, email: profiles.email, phone: profiles.phone, cpf: profiles.cpf };

export async function profileOf(db: Database, userId: string) {
  const [profile] = await db.select(columns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile ?? null;
}

export async function saveProfile(
  db: Database,
  userId: string,
  input: ReturnType<typeof profileSchema.parse>,
  now: Date,
  context: AuditContext,
) {
  const values = { ...input, updatedAt: now };
  const [profile] = await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values })
    .returning(columns);
  await audit(db, 'profile_saved', context, { userId });
  return profile!;
}
