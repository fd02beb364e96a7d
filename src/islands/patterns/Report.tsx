/** The figures and charts of one period (loaded as its own chunk, only on /padroes/). */

import { formatDay } from '../../shared/format.ts';
import type { Item } from '../ratings/model.ts';
import BeforeAfterSection from './BeforeAfter.tsx';
import BehaviorSection from './Behavior.tsx';
import { FoodSection, SleepSection } from './FoodSleep.tsx';
import HomeSchoolSection from './HomeSchool.tsx';
import { daysMissing, moreDaysMessage } from './model.ts';
import ProgressSection from './Progress.tsx';
import { AuthorsSection, authorsOf, SchoolSection, schoolOf } from './School.tsx';
import TreatmentSection, { treatmentOf } from './Treatment.tsx';
import type { Insights } from './types.ts';

/** The weekly scale's items and side effects (content/scales/weekly.yaml), for the ratings' sections. */
export interface ScaleWords {
  items: Item[];
  sideEffects: Array<{ key: string; label: string }>;
}

export default function Report({
  insights,
  sample,
  scale,
}: {
  insights: Insights;
  sample: boolean;
  scale?: ScaleWords;
}) {
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
      {!sample && scale && (
        <HomeSchoolSection childId={insights.childId} from={insights.from} to={insights.to} items={scale.items} />
      )}
      {!sample && scale && (
        <BeforeAfterSection childId={insights.childId} items={scale.items} sideEffects={scale.sideEffects} />
      )}
      {school && school.total > 0 && <SchoolSection school={school} />}
      {authors.length > 1 && <AuthorsSection authors={authors} />}
      <ProgressSection insights={insights} />
    </div>
  );
}
