/**
 * The period the patterns page shows (issue 41, item 1): the period chooser's island writes it,
 * the page's other islands (the clinical summary) read it, each hydrating when it comes into view.
 * Null until the chooser has hydrated (the readers fall back to the last 14 days, its default).
 */
import { atom } from 'nanostores';

export interface PatternsPeriod {
  from: string;
  to: string;
}

export const patternsPeriod = atom<PatternsPeriod | null>(null);
