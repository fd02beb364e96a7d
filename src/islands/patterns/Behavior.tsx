/** Behaviour: episodes per day, intensity mix, when they happen, contexts, what helped. */
import { aroundHour, formatMinutes, onWeekdays, shortDay } from '../../shared/format.ts';
import { count as plural } from '../../shared/words.ts';
import {
  ChartFigure,
  Columns,
  type Datum,
  HeatGrid,
  type Part,
  Rows,
  Stacked,
  type StackedColumn,
  StackedColumns,
} from './charts.tsx';
import { decimal, WEEKDAYS, WEEKDAYS_SHORT } from './model.ts';
import { changesText, MarksLegend, marksFor, type TreatmentInsights } from './Treatment.tsx';
import type { Insights } from './types.ts';

type Changes = TreatmentInsights['changes'];

type Behavior = Insights['behavior'];

function PerDay({ behavior, changes }: { behavior: Behavior; changes: Changes }) {
  const days = behavior.perDay.map((d) => d.date);
  const marked = changes.filter((c) => days.includes(c.on));
  const data: Datum[] = behavior.perDay.map((d) => ({ label: shortDay(d.date), value: d.count }));
  const busiest = behavior.perDay.reduce((a, b) => (b.count > a.count ? b : a), { date: '', count: 0 });
  const count = Math.max(1, behavior.perDay.length);
  const summary = `${plural(behavior.total, 'episódio', 'episódios')} em ${plural(count, 'dia', 'dias')}, média de ${decimal(behavior.total / count)} por dia${busiest.count ? `; o dia com mais foi ${shortDay(busiest.date)}, com ${busiest.count}` : ''}.${marked.length ? ` Tratamento: ${changesText(marked)}.` : ''}`;
  return (
    <ChartFigure title="Episódios por dia" summary={summary} columns={['Dia', 'Episódios']} rows={data}>
      <Columns data={data} labelEvery={Math.ceil(data.length / 7)} marks={marksFor(marked, days)} />
      <MarksLegend changes={marked} days={days} />
    </ChartFigure>
  );
}

const INTENSITY_CLASS = { Baixa: 'low', Média: 'mid', Alta: 'high' } as const;

function IntensityMix({ behavior }: { behavior: Behavior }) {
  const parts: Part[] = (['Baixa', 'Média', 'Alta'] as const).map((level) => ({
    label: level,
    value: behavior.intensity[level],
    className: INTENSITY_CLASS[level],
  }));
  const summary = parts.map((p) => `${p.label}: ${p.value}`).join('; ');
  return (
    <ChartFigure
      title="Intensidade dos episódios"
      summary={`Intensidade — ${summary}.`}
      columns={['Intensidade', 'Episódios']}
      rows={parts}
    >
      <Stacked parts={parts} />
    </ChartFigure>
  );
}

const LEVELS = ['Baixa', 'Média', 'Alta'] as const;

/** Days of up to two weeks, weeks beyond: how the mix of intensities moves over the period. */
function intensityColumns(perDay: Behavior['perDay']): StackedColumn[] {
  const size = perDay.length <= 14 ? 1 : 7;
  const columns: StackedColumn[] = [];
  for (let i = 0; i < perDay.length; i += size) {
    const days = perDay.slice(i, i + size);
    columns.push({
      label: shortDay(days[0]!.date),
      parts: LEVELS.map((level) => ({
        label: level,
        value: days.reduce((n, day) => n + (day.intensity?.[level] ?? 0), 0),
        className: INTENSITY_CLASS[level],
      })),
    });
  }
  return columns;
}

function IntensityOverTime({ behavior }: { behavior: Behavior }) {
  const columns = intensityColumns(behavior.perDay);
  const weekly = behavior.perDay.length > 14;
  const rows: Datum[] = columns.map((c) => ({
    label: weekly ? `Semana de ${c.label}` : c.label,
    value: c.parts.reduce((n, p) => n + p.value, 0),
    text: c.parts.map((p) => `${p.label} ${p.value}`).join(' · '),
  }));
  const strong = (c: StackedColumn) => c.parts[2]!.value;
  const half = Math.ceil(columns.length / 2);
  const before = columns.slice(0, half).reduce((n, c) => n + strong(c), 0);
  const after = columns.slice(half).reduce((n, c) => n + strong(c), 0);
  const summary = `Episódios de intensidade alta: ${before} na primeira metade do período e ${after} na segunda.`;
  return (
    <ChartFigure
      title={weekly ? 'Intensidade ao longo do período (por semana)' : 'Intensidade ao longo do período (por dia)'}
      summary={summary}
      columns={[weekly ? 'Semana' : 'Dia', 'Episódios por intensidade']}
      rows={rows}
    >
      <StackedColumns columns={columns} />
    </ChartFigure>
  );
}

function When({ behavior }: { behavior: Behavior }) {
  const hours: Datum[] = behavior.byHour.map((value, hour) => ({ label: `${hour}h`, value }));
  const days: Datum[] = behavior.byWeekday.map((value, day) => ({ label: WEEKDAYS[day]!, value }));
  const peak = (values: number[]) => values.reduce((best, value, i) => (value > values[best]! ? i : best), 0);
  const summary = `Mais episódios ${aroundHour(peak(behavior.byHour))} e ${onWeekdays(peak(behavior.byWeekday))}.`;
  if (behavior.byWeekdayHour) {
    const rows = days.map((d, i) => ({
      label: d.label,
      value: d.value,
      text: hoursText(behavior.byWeekdayHour![i] ?? []),
    }));
    return (
      <ChartFigure
        title="Quando acontecem (dia da semana × hora)"
        summary={summary}
        columns={['Dia', 'Horários']}
        rows={rows}
      >
        <HeatGrid matrix={behavior.byWeekdayHour} rowLabels={WEEKDAYS_SHORT} />
      </ChartFigure>
    );
  }
  return (
    <>
      <ChartFigure title="Quando acontecem: hora do dia" summary={summary} columns={['Hora', 'Episódios']} rows={hours}>
        <Columns data={hours} labelEvery={6} />
      </ChartFigure>
      <ChartFigure title="Quando acontecem: dia da semana" summary={summary} columns={['Dia', 'Episódios']} rows={days}>
        <Columns data={days.map((d, i) => ({ ...d, label: WEEKDAYS_SHORT[i]! }))} />
      </ChartFigure>
    </>
  );
}

/** "16h: 2, 18h: 1" — the hours of a weekday that had episodes. */
function hoursText(row: number[]): string {
  const text = row.flatMap((count, hour) => (count ? [`${hour}h: ${count}`] : [])).join(', ');
  return text || 'nenhum';
}

function Contexts({ behavior }: { behavior: Behavior }) {
  const contexts: Datum[] = behavior.topContexts.map((c) => ({ label: c.term, value: c.count }));
  const helped: Datum[] = behavior.helped.map((h) => ({ label: h.strategy, value: h.count }));
  return (
    <>
      {contexts.length > 0 && (
        <ChartFigure
          title="Contextos mais frequentes"
          summary={`Contextos mais frequentes: ${contexts.map((c) => `${c.label} (${c.value})`).join(', ')}.`}
          columns={['Contexto', 'Vezes']}
          rows={contexts}
        >
          <Rows data={contexts} />
        </ChartFigure>
      )}
      {helped.length > 0 && (
        <ChartFigure
          title="O que ajudou"
          summary={`O que mais ajudou: ${helped.map((h) => `${h.label} (${h.value})`).join(', ')}.`}
          columns={['Estratégia', 'Vezes']}
          rows={helped}
        >
          <Rows data={helped} className="bar-accent" />
        </ChartFigure>
      )}
    </>
  );
}

export default function BehaviorSection({ behavior, changes = [] }: { behavior: Behavior; changes?: Changes }) {
  return (
    <section className="pattern-section tone-behavior" aria-labelledby="padroes-comportamento">
      <h2 id="padroes-comportamento">Comportamento</h2>
      {behavior.total === 0 ? (
        <p className="muted">
          Nenhum episódio registrado no período. <a href="/comportamento/">Abrir o Diário de Comportamento</a>
        </p>
      ) : (
        <>
          <dl className="figures">
            <div>
              <dt>Episódios</dt>
              <dd>{behavior.total}</dd>
            </div>
            <div>
              <dt>Duração média</dt>
              <dd>{behavior.avgDurationMinutes ? formatMinutes(Math.round(behavior.avgDurationMinutes)) : '—'}</dd>
            </div>
          </dl>
          <PerDay behavior={behavior} changes={changes} />
          <IntensityMix behavior={behavior} />
          <IntensityOverTime behavior={behavior} />
          <When behavior={behavior} />
          <Contexts behavior={behavior} />
        </>
      )}
    </section>
  );
}
