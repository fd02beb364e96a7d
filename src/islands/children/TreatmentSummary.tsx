/**
 * On a child's card: the medicines she takes now and how many of this week's doses were given
 * (Monday to today), with the way to her treatment page. Nothing when she takes nothing.
 */
import { useEffect, useState } from 'react';
import {
  adherence,
  type Dose,
  dayOf,
  loadDoses,
  loadMedicines,
  type Medicine,
  regimenText,
} from '../../lib/treatment.ts';
import { overlapsText } from '../../shared/adherence.ts';
import { mondayOf } from '../../shared/clock.ts';
import { count } from '../../shared/words.ts';
import { selectChild } from '../../stores/child.ts';
import DoseAlerts from '../treatment/DoseAlerts.tsx';

/** The Monday of the week of `day` ('YYYY-MM-DD'): the one clock's (shared/clock.ts). */
export { mondayOf };

type State = { status: 'loading' } | { status: 'ready'; medicines: Medicine[]; doses: Dose[] } | { status: 'error' };

export default function TreatmentSummary({
  childId,
  childName,
  isOwner,
}: {
  childId: string;
  childName: string;
  isOwner: boolean;
}) {
  const [today] = useState(() => dayOf(new Date()));
  const from = mondayOf(today);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    Promise.all([loadMedicines(childId), loadDoses(childId, from, today)]).then(
      ([medicines, doses]) => setState({ status: 'ready', medicines: medicines.filter((m) => m.current), doses }),
      () => setState({ status: 'error' }),
    );
  }, [childId, from, today]);

  const link = (
    <a className="btn btn-secondary" href="/tratamento/" onClick={() => selectChild(childId)}>
      Tratamento<span className="sr-only"> de {childName}</span>
    </a>
  );
  const alerts = <DoseAlerts childId={childId} childName={childName} isOwner={isOwner} compact />;
  if (state.status !== 'ready' || state.medicines.length === 0)
    return (
      <div className="child-treatment">
        {alerts}
        {state.status === 'ready' && <p className="contact-meta">Nenhum remédio em uso anotado.</p>}
        {link}
      </div>
    );
  return (
    <div className="child-treatment">
      {alerts}
      <p className="child-treatment-title">Remédios em uso</p>
      <ul className="child-medicines">
        {state.medicines.map((medicine) => {
          const week = adherence(medicine, state.doses, from, today);
          return (
            <li key={medicine.id}>
              <strong>{medicine.name}</strong> · {regimenText(medicine)}
              {week.scheduled > 0 && (
                <span className="contact-meta">
                  {' '}
                  — nesta semana, {week.given} de {count(week.scheduled, 'dose dada', 'doses dadas')}
                  {week.overlaps > 0 && `; ${overlapsText(week.overlaps)}`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {link}
    </div>
  );
}
