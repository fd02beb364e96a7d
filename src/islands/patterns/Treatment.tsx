/**
 * Treatment in the period (GET /api/insights `treatment`): the medicine starts, changes and stops
 * that the time charts mark, the doses given of those scheduled per medicine, and the therapy
 * sessions attended and missed.
 */
import { overlapsText } from '../../shared/adherence.ts';
import { shortDay } from '../../shared/format.ts';
import type { TreatmentInsights } from '../../shared/insights-core.ts';
import { count } from '../../shared/words.ts';
import { ChartFigure, type Datum, type Mark, Rows } from './charts.tsx';
import type { Insights } from './types.ts';

export type { TreatmentInsights };

/** The period's treatment. */
export const treatmentOf = (insights: Insights): TreatmentInsights | null => insights.treatment ?? null;

const KIND_WORD = { start: 'início', dose: 'dose', times: 'horários', stop: 'parou' } as const;
const KIND_SENTENCE = {
  start: 'começou',
  dose: 'mudou a dose',
  times: 'mudou os horários',
  stop: 'parou',
} as const;

/** The charts' marks: one rule per change, at the day's column ("metilfenidato: dose"). */
export function marksFor(changes: TreatmentInsights['changes'], days: readonly string[]): Mark[] {
  return changes.flatMap((change) => {
    const index = days.indexOf(change.on);
    return index < 0 ? [] : [{ index, label: `${change.name}: ${KIND_WORD[change.kind]}` }];
  });
}

/** The same, in words (the chart's summary and the line under it). */
export function changesText(changes: TreatmentInsights['changes']): string {
  return changes.map((c) => `${shortDay(c.on)} ${c.name} ${KIND_SENTENCE[c.kind]}`).join('; ');
}

/** The line under a chart that carries marks: what each rule is. */
export function MarksLegend({ changes, days }: { changes: TreatmentInsights['changes']; days: readonly string[] }) {
  const shown = changes.filter((c) => days.includes(c.on));
  if (!shown.length) return null;
  return (
    <p className="marks-legend">
      <span className="swatch mark-swatch" /> Tratamento: {changesText(shown)}.
    </p>
  );
}

/** ", 1 possível dose dupla" beside a figure: a time given twice counts once, and is said (adherence.ts). */
const doubles = (overlaps: number) => (overlaps ? `, ${overlapsText(overlaps)}` : '');

const percent = (given: number, scheduled: number) => (scheduled ? Math.round((given / scheduled) * 100) : 0);

export default function TreatmentSection({ treatment }: { treatment: TreatmentInsights }) {
  const { adherence, therapySessions, changes } = treatment;
  const sessions = therapySessions.attended + therapySessions.missed;
  if (!adherence.length && !sessions && !changes.length) return null;
  const rows: Datum[] = adherence
    .filter((a) => !a.asNeeded)
    .map((a) => ({
      label: a.name,
      value: percent(a.given, a.scheduled),
      text: `${a.given} de ${a.scheduled} doses (${percent(a.given, a.scheduled)} %)${doubles(a.overlaps)}`,
    }));
  const asNeeded = adherence.filter((a) => a.asNeeded);
  return (
    <section className="pattern-section tone-treatment" aria-labelledby="padroes-tratamento">
      <h2 id="padroes-tratamento">Tratamento</h2>
      {rows.length > 0 && (
        <ChartFigure
          title="Doses dadas das previstas"
          summary={`Doses dadas das previstas no período: ${rows.map((r) => `${r.label}, ${r.text}`).join('; ')}.`}
          columns={['Remédio', 'Doses dadas']}
          rows={rows}
        >
          <Rows data={rows} className="bar-accent" />
        </ChartFigure>
      )}
      {asNeeded.length > 0 && (
        <p className="muted">
          Quando precisar:{' '}
          {asNeeded
            .map((a) => `${a.name}, ${count(a.given, 'dose dada', 'doses dadas')}${doubles(a.overlaps)}`)
            .join('; ')}
          .
        </p>
      )}
      <dl className="figures">
        <div>
          <dt>Sessões de terapia</dt>
          <dd>{sessions ? `${therapySessions.attended} de ${sessions} com presença` : '—'}</dd>
        </div>
        {sessions > 0 && (
          <div>
            <dt>Faltas</dt>
            <dd>{therapySessions.missed}</dd>
          </div>
        )}
      </dl>
      <p className="muted small">
        <a href="/tratamento/">Abrir o tratamento</a> para ver o histórico de cada remédio.
      </p>
    </section>
  );
}
