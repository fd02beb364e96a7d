/**
 * The figures and charts of one period (loaded as its own chunk, only on /padroes/); the clinical
 * summary (what she takes, what changed, before and after, home and school) is the next island's.
 */
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { formatDay } from '../../shared/format.ts';
import BehaviorSection from './Behavior.tsx';
import { FoodSection, SleepSection } from './FoodSleep.tsx';
import { daysMissing, moreDaysMessage } from './model.ts';
import ProgressSection from './Progress.tsx';
import { AuthorsSection, authorsOf, SchoolSection, schoolOf } from './School.tsx';
import TreatmentSection, { treatmentOf } from './Treatment.tsx';
import type { Insights } from './types.ts';

/**
 * Draws the sections one task at a time (issue 41): the first two at once, then one more after each
 * paint, so drawing every chart never holds her phone in one long task while she scrolls.
 */
function useOneAtATime(total: number, first = 2): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

export default function Report({ insights, sample }: { insights: Insights; sample: boolean }) {
  const missing = sample ? 0 : daysMissing(insights);
  const school = schoolOf(insights);
  const authors = authorsOf(insights);
  const treatment = treatmentOf(insights);
  const changes = treatment?.changes ?? [];
  const sections: ReactNode[] = [
    <BehaviorSection key="behavior" behavior={insights.behavior} changes={changes} />,
    <FoodSection key="food" food={insights.food} />,
    <SleepSection key="sleep" sleep={insights.sleep} changes={changes} />,
    treatment && <TreatmentSection key="treatment" treatment={treatment} />,
    school && school.total > 0 && <SchoolSection key="school" school={school} />,
    authors.length > 1 && <AuthorsSection key="authors" authors={authors} />,
    <ProgressSection key="progress" insights={insights} />,
  ].filter(Boolean);
  const shown = useOneAtATime(sections.length);
  return (
    <div className={sample ? 'pattern-report is-sample' : 'pattern-report'}>
      <p className="period-shown">
        De {formatDay(insights.from)} a {formatDay(insights.to)}
      </p>
      {missing > 0 && (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>{moreDaysMessage(missing)}</strong> Os guias pedem 2 semanas de anotações: com menos dias, o que
            aparece aqui ainda pode mudar bastante.
          </p>
        </div>
      )}
      {sections.slice(0, shown)}
    </div>
  );
}
