/** Food (meals by mood, foods followed by a reaction) and sleep (nights against the age's range). */
import { MOODS } from '../../shared/enums.ts';
import { formatHoursMinutes, formatMinutes, shortDay } from '../../shared/format.ts';
import { count } from '../../shared/words.ts';
import { ChartFigure, Columns, type Datum, Rows } from './charts.tsx';
import { decimal } from './model.ts';
import { changesText, MarksLegend, marksFor, type TreatmentInsights } from './Treatment.tsx';
import type { Insights } from './types.ts';

type Changes = TreatmentInsights['changes'];

export function FoodSection({ food }: { food: Insights['food'] }) {
  const moods: Datum[] = MOODS.map((mood) => ({ label: mood, value: food.byMood[mood] ?? 0 }));
  // "arroz: 3 de 40 refeições": the meals followed by a reaction, of those that had the food (issue 39).
  const reactions: Datum[] = food.reactions.map((r) => ({
    label: r.food,
    value: r.count,
    text: `${r.count} de ${count(r.meals, 'refeição', 'refeições')}`,
  }));
  return (
    <section className="pattern-section tone-food" aria-labelledby="padroes-alimentacao">
      <h2 id="padroes-alimentacao">Alimentação</h2>
      {food.total === 0 ? (
        <p className="muted">
          Nenhuma refeição registrada no período. <a href="/alimentacao/">Abrir o Diário Alimentar</a>
        </p>
      ) : (
        <>
          <ChartFigure
            title={`Humor nas refeições (${count(food.total, 'refeição', 'refeições')})`}
            summary={`Humor nas refeições: ${moods.map((m) => `${m.label} ${m.value}`).join(', ')}.`}
            columns={['Humor', 'Refeições']}
            rows={moods}
          >
            <Rows data={moods} className="bar-food" />
          </ChartFigure>
          {reactions.length > 0 ? (
            <>
              <ChartFigure
                title="Alimentos seguidos de alguma reação"
                summary={`Alimentos mais seguidos de reação: ${reactions.map((r) => `${r.label}: ${r.text}`).join(', ')}.`}
                columns={['Alimento', 'Refeições seguidas de reação']}
                rows={reactions}
              >
                <Rows data={reactions} className="bar-food" />
              </ChartFigure>
              <p className="muted">
                Conta as refeições depois das quais você marcou algo diferente de “nada de diferente”, do total de
                refeições com aquele alimento; ele aparece a partir de duas. É uma coincidência no tempo, não uma causa.
              </p>
            </>
          ) : (
            <p className="muted">Nenhum alimento veio antes de uma reação anotada mais de uma vez no período.</p>
          )}
        </>
      )}
    </section>
  );
}

type Sleep = Insights['sleep'];

function SleepNights({ sleep, changes }: { sleep: Sleep; changes: Changes }) {
  const nights = sleep.perNight ?? [];
  const days = nights.map((n) => n.date);
  const marked = changes.filter((c) => days.includes(c.on));
  if (!nights.length) return null;
  const range = sleep.recommended;
  const outside = (minutes: number) =>
    range !== null && (minutes < range.minHours * 60 || minutes > range.maxHours * 60);
  const data: Datum[] = nights.map((n) => ({
    label: shortDay(n.date),
    className: outside(n.sleepMinutes) ? 'bar-sleep-out' : undefined,
    value: n.sleepMinutes / 60,
    text: `${formatHoursMinutes(n.sleepMinutes)}${outside(n.sleepMinutes) ? ' (fora da faixa)' : ''}${n.bedtime ? ` · deitou ${n.bedtime.slice(0, 5)}` : ''}${n.nightWakings !== undefined ? ` · acordou ${n.nightWakings}×` : ''}`,
  }));
  return (
    <ChartFigure
      title="Horas de sono por noite"
      summary={`${sleep.nightsInRange} de ${sleep.nights} noites dentro da faixa recomendada${range ? ` de ${range.minHours} a ${range.maxHours} horas` : ''}.${marked.length ? ` Tratamento: ${changesText(marked)}.` : ''}`}
      columns={['Noite', 'Sono']}
      rows={data}
    >
      <Columns
        data={data}
        className="bar-sleep"
        values={false}
        labelEvery={Math.ceil(data.length / 7)}
        band={range ? { min: range.minHours, max: range.maxHours } : undefined}
        marks={marksFor(marked, days)}
      />
      <MarksLegend changes={marked} days={days} />
      {range && (
        <p className="band-legend" aria-hidden="true">
          <span className="swatch band-swatch" /> Faixa recomendada para a idade: {range.minHours} a {range.maxHours} h
          <span className="swatch bar-sleep-out" /> Fora da faixa
        </p>
      )}
    </ChartFigure>
  );
}

function SleepFigures({ sleep }: { sleep: Sleep }) {
  const range = sleep.recommended;
  return (
    <dl className="figures">
      <div>
        <dt>Sono médio</dt>
        <dd>{sleep.avgSleepMinutes ? formatHoursMinutes(sleep.avgSleepMinutes) : '—'}</dd>
      </div>
      <div>
        <dt>Noites na faixa{range ? ` (${range.minHours}–${range.maxHours} h)` : ''}</dt>
        <dd>
          {sleep.nightsInRange} de {sleep.nights}
        </dd>
      </div>
      {sleep.bedtimeSpreadMinutes != null && (
        <div>
          <dt>Variação da hora de deitar</dt>
          <dd>± {formatMinutes(Math.round(sleep.bedtimeSpreadMinutes))}</dd>
        </div>
      )}
      {sleep.avgNightWakings != null && (
        <div>
          <dt>Despertares por noite</dt>
          <dd>{decimal(sleep.avgNightWakings)}</dd>
        </div>
      )}
    </dl>
  );
}

export function SleepSection({ sleep, changes = [] }: { sleep: Sleep; changes?: Changes }) {
  return (
    <section className="pattern-section tone-sono" aria-labelledby="padroes-sono">
      <h2 id="padroes-sono">Sono</h2>
      {sleep.nights === 0 ? (
        <p className="muted">
          Nenhuma noite registrada no período. <a href="/diario-do-sono/">Abrir o Diário do Sono</a>
        </p>
      ) : (
        <>
          <SleepFigures sleep={sleep} />
          <SleepNights sleep={sleep} changes={changes} />
          <p className="muted small">
            Horas de sono recomendadas pelos guias: 3–5 anos 10–13 h, 6–13 anos 9–11 h, 14–17 anos 8–10 h. A variação da
            hora de deitar mostra quanto o horário muda de uma noite para outra: quanto menor, mais regular a rotina.
          </p>
        </>
      )}
    </section>
  );
}
