/**
 * The figures and charts of one period (loaded as its own chunk, only on /padroes/); the clinical
 * summary (what she takes, what changed, before and after, home and school) is the next island's.
 */

import { formatDay } from '../../shared/format.ts';
import BehaviorSection from './Behavior.tsx';
import { FoodSection, SleepSection } from './FoodSleep.tsx';
import { daysMissing, moreDaysMessage } from './model.ts';
import ProgressSection from './Progress.tsx';
import { AuthorsSection, authorsOf, SchoolSection, schoolOf } from './School.tsx';
import TreatmentSection, { treatmentOf } from './Treatment.tsx';
import type { Insights } from './types.ts';

export default function Report({ insights, sample }: { insights: Insights; sample: boolean }) {
  const missing = sample ? 0 : daysMissing(insights);
  const school = schoolOf(insights);
  const authors = authorsOf(insights);
  const treatment = treatmentOf(insights);
  const changes = treatment?.changes ?? [];
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
      <BehaviorSection behavior={insights.behavior} changes={changes} />
      <FoodSection food={insights.food} />
      <SleepSection sleep={insights.sleep} changes={changes} />
      {treatment && <TreatmentSection treatment={treatment} />}
      {school && school.total > 0 && <SchoolSection school={school} />}
      {authors.length > 1 && <AuthorsSection authors={authors} />}
      <ProgressSection insights={insights} />
    </div>
  );
}
