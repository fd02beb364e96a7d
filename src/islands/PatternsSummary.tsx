/**
 * /padroes/'s clinical summary (issue 38, item 3): what she takes now, what changed, before and
 * after, home and school and the period's figures — the report's page 1, the same words and numbers
 * (SummaryView prints summarySections). Its own island, hydrated when it comes into view (issue 41):
 * the period comes from the chooser's store, the child from the session's.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatDay } from '../shared/format.ts';
import { type ClinicalSummary, type SummarySection, summarySections } from '../shared/summary-sections.ts';
import { fetchSummary } from './patterns/api.ts';
import { usePatternsScope } from './patterns/usePatternsScope.ts';
import SummaryView from './summary/SummaryView.tsx';

const HomeSchoolCharts = lazy(() => import('./patterns/HomeSchool.tsx'));
const BeforeAfterChooser = lazy(() => import('./patterns/BeforeAfter.tsx'));

/** The summary's sections, with the comparison she chose in place of its "Antes e depois". */
const sectionsWith = (summary: ClinicalSummary, comparison: SummarySection) =>
  summarySections(summary).map((section) => (section.id === comparison.id ? comparison : section));

type State =
  | { status: 'loading' }
  | { status: 'ready'; summary: ClinicalSummary; childId: string }
  /** no subscription (the page shows its sample), a child she lost, or a failure: the other island says so */
  | { status: 'quiet' };

export default function PatternsSummary() {
  const { loading, child, from, to } = usePatternsScope();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [comparison, setComparison] = useState<SummarySection | null>(null);
  const childId = child?.id;

  useEffect(() => {
    if (loading || !childId) return;
    const controller = new AbortController();
    fetchSummary(childId, { from, to }, controller.signal).then(
      (summary) => {
        setState({ status: 'ready', summary, childId });
        setComparison(null);
      },
      () => !controller.signal.aborted && setState({ status: 'quiet' }),
    );
    return () => controller.abort();
  }, [loading, childId, from, to]);

  if (state.status === 'quiet') return null;
  if (state.status === 'loading')
    return (
      <p className="muted" role="status">
        Carregando o resumo…
      </p>
    );
  const { summary } = state;
  return (
    <div className="patterns-summary">
      <div className="summary-intro">
        <h2>Resumo para a consulta</h2>
        <p className="small muted">
          O mesmo que a primeira página do relatório para o profissional mostra, de {formatDay(summary.period.from)} a{' '}
          {formatDay(summary.period.to)}.
        </p>
      </div>
      <SummaryView
        summary={summary}
        level={3}
        sections={comparison ? sectionsWith(summary, comparison) : undefined}
        extras={{
          'antes-e-depois': (
            <Suspense fallback={null}>
              <BeforeAfterChooser childId={state.childId} onCompared={setComparison} />
            </Suspense>
          ),
          'casa-e-escola': (
            <Suspense fallback={null}>
              <HomeSchoolCharts homeSchool={summary.homeSchool} />
            </Suspense>
          ),
        }}
      />
    </div>
  );
}
