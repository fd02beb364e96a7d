/**
 * What a patterns-page island reads before it loads anything: whether the session is still being
 * checked, the current child, and the chosen period (the last 14 days until the chooser hydrates).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { currentChild } from '../../stores/child.ts';
import { patternsPeriod } from '../../stores/patterns.ts';
import { SESSION_UNKNOWN, session } from '../../stores/session.ts';
import { useHydratedStore } from '../useHydrated.ts';
import { presetPeriod, todayInSaoPaulo } from './model.ts';

export function usePatternsScope() {
  const { loading } = useHydratedStore(session, SESSION_UNKNOWN);
  const child = useHydratedStore(currentChild, null);
  const chosen = useStore(patternsPeriod);
  const [fallback] = useState(() => presetPeriod(14, todayInSaoPaulo()));
  const { from, to } = chosen ?? fallback;
  return { loading, child, from, to };
}
