/** A medicine's schedule as its history holds it: what `inForceOn` and `scheduledSlots` read. */
import { asc, inArray } from 'drizzle-orm';
import type { MedicineChangeLike } from '../../src/shared/treatment.ts';
import type { Database } from '../db/client.ts';
import { medicineChanges } from '../db/schema.ts';

/** The columns of an event that say what is given from its day on. */
export const scheduleColumns = {
  on: medicineChanges.on,
  kind: medicineChanges.kind,
  dose: medicineChanges.dose,
  unit: medicineChanges.unit,
  times: medicineChanges.times,
};

/** Each medicine's events, in the order they take effect, by medicine id. No access check. */
export async function schedulesOf(db: Database, medicineIds: string[]): Promise<Map<string, MedicineChangeLike[]>> {
  const byMedicine = new Map<string, MedicineChangeLike[]>(medicineIds.map((id) => [id, []]));
  if (medicineIds.length === 0) return byMedicine;
  const rows = await db
    .select({ medicineId: medicineChanges.medicineId, ...scheduleColumns })
    .from(medicineChanges)
    .where(inArray(medicineChanges.medicineId, medicineIds))
    .orderBy(asc(medicineChanges.on), asc(medicineChanges.position));
  for (const { medicineId, ...change } of rows) byMedicine.get(medicineId)?.push(change as MedicineChangeLike);
  return byMedicine;
}
