/** Progress: her first two weeks (baseline) against the last two, beside the guides' goals. */
import { ChartFigure, Columns } from './charts.tsx';
import { GOAL_DISCLAIMER, GUIDE_GOALS } from './goals.ts';
import { changeSentence, daysRecorded, decimal, MIN_DAYS_FOR_PROGRESS, moreDaysMessage } from './model.ts';
import type { Insights } from './types.ts';

function Comparison({ insights }: { insights: Insights }) {
  const baseline = insights.baseline!;
  const data = [
    {
      label: '2 primeiras semanas',
      value: baseline.behaviorPerWeek,
      text: `${decimal(baseline.behaviorPerWeek)} por semana`,
    },
    {
      label: '2 últimas semanas',
      value: insights.current.behaviorPerWeek,
      text: `${decimal(insights.current.behaviorPerWeek)} por semana`,
    },
  ];
  return (
    <>
      <p className="progress-change">{changeSentence(insights.changePercent)}</p>
      <ChartFigure
        title="Episódios por semana: começo × agora"
        summary={`Começo: ${data[0]!.text}; agora: ${data[1]!.text}.`}
        columns={['Período', 'Episódios']}
        rows={data}
      >
        <Columns data={data} height={120} />
      </ChartFigure>
    </>
  );
}

export default function ProgressSection({ insights }: { insights: Insights }) {
  const missing = MIN_DAYS_FOR_PROGRESS - daysRecorded(insights);
  return (
    <section className="pattern-section" aria-labelledby="padroes-progresso">
      <h2 id="padroes-progresso">Progresso</h2>
      {insights.baseline && missing <= 0 ? (
        <Comparison insights={insights} />
      ) : (
        <p className="muted">
          A comparação usa as 2 primeiras semanas de registros e as 2 últimas.{' '}
          {moreDaysMessage(Math.max(1, missing), 'comparar')}
        </p>
      )}
      <div className="goals">
        <h3>Metas de longo prazo dos guias</h3>
        <ul>
          {GUIDE_GOALS.map((g) => (
            <li key={g.guide}>
              <a href={g.href}>{g.guide}</a>: {g.goal}.
            </li>
          ))}
        </ul>
        <p className="muted small">{GOAL_DISCLAIMER}</p>
      </div>
    </section>
  );
}
