/**
 * Corrections of a medicine's history (issue 40, docs/api.md "Treatment"): its last event removed
 * (within a day of recording it) or its date corrected; the correction itself is kept as history.
 * The form and the API validate with this schema; the words without zod are in api-errors.ts.
 */
import * as z from 'zod/mini';
import { DATE_FIELDS, DAYS_AHEAD } from './dates.ts';
import { plausibleDay } from './text.ts';

export const CORRECTION_KINDS = ['removed', 'redated'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** A recorded event may be removed this long after it was recorded; its date corrected at any time while it is the last. */
export const REMOVE_WITHIN_MS = 24 * 60 * 60 * 1000;

/** PATCH /api/children/:id/medicines/:medicineId/changes/:changeId */
export const medicineCorrectionSchema = z.strictObject({
  on: plausibleDay('Informe a data certa', DATE_FIELDS.change, DAYS_AHEAD),
});
export type MedicineCorrectionInput = z.infer<typeof medicineCorrectionSchema>;
