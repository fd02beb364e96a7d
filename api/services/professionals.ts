/** The mother's own list of professionals (spec §2, §7): hers alone, whatever the children. */
import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { Specialty } from '../../src/shared/enums.ts';
import type { professionalSchema } from '../../src/shared/professionals.ts';
import type { Database } from '../db/client.ts';
import { professionalContacts } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { insertOnce } from './idempotent.ts';

const columns = {
  id: professionalContacts.id,
  name: professionalContacts.name,
  phone: professionalContacts.phone,
  specialty: professionalContacts.specialty,
  createdAt: professionalContacts.createdAt,
};
const present = (row: Pick<typeof professionalContacts.$inferSelect, keyof typeof columns>) => ({
  ...row,
  specialty: row.specialty as Specialty,
  createdAt: row.createdAt.toISOString(),
});

/** A professional contact as the API answers it. */
export type ProfessionalView = ReturnType<typeof present>;

const hers = (userId: string) => eq(professionalContacts.userId, userId);

export async function listProfessionals(db: Database, userId: string): Promise<ProfessionalView[]> {
  const rows = await db
    .select(columns)
    .from(professionalContacts)
    .where(hers(userId))
    .orderBy(desc(professionalContacts.createdAt), desc(professionalContacts.id));
  return rows.map(present);
}

export async function addProfessional(
  db: Database,
  userId: string,
  input: ReturnType<typeof professionalSchema.parse>,
  now: Date,
): Promise<ProfessionalView> {
  const { id, ...fields } = input;
  const row = await insertOnce(db, professionalContacts, {
    id,
    values: { ...fields, userId, createdAt: now },
    columns,
    mine: hers(userId),
  });
  return present(row);
}

export async function removeProfessional(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(professionalContacts)
    .where(and(eq(professionalContacts.id, id), hers(userId)))
    .returning({ id: professionalContacts.id });
  if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.professionalNotFound);
}
