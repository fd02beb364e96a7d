/**
 * What the school saw (issue 22): observations per day, the average attention and the contexts
 * that come up; and who recorded what share of the entries, when the child has many hands.
 */
import { shortDay } from '../../shared/format.ts';
import { count as plural } from '../../shared/words.ts';
import { ChartFigure, Columns, type Datum, Rows } from './charts.tsx';
import { decimal } from './model.ts';
import type { Insights } from './types.ts';

/** The part of GET /api/insights about the school and the authors (docs/api.md). */
export interface SchoolInsights {
  total: number;
  perDay: Array<{ date: string; count: number }>;
  avgAttention: number | null;
  contexts?: Array<{ count: number; term?: string; label?: string }>;
  byAuthor?: Author[];
}

export type Author = { name: string; count: number; share?: number };

export const schoolOf = (insights: Insights): SchoolInsights | null =>
  (insights as { school?: SchoolInsights }).school ?? null;
/** Who recorded the period's entries, most first (the API's `authors`, or the school part's `byAuthor`). */
export const authorsOf = (insights: Insights): Author[] =>
  (insights as { authors?: Author[] }).authors ?? schoolOf(insights)?.byAuthor ?? [];

export function SchoolSection({ school }: { school: SchoolInsights }) {
  const data: Datum[] = school.perDay.map((d) => ({ label: shortDay(d.date), value: d.count }));
  const days = school.perDay.filter((d) => d.count > 0).length;
  const contexts: Datum[] = (school.contexts ?? []).map((c) => ({
    label: c.term ?? c.label ?? '—',
    value: c.count,
  }));
  return (
    <section className="pattern-section tone-professionals" aria-labelledby="padroes-escola">
      <h2 id="padroes-escola">Escola</h2>
      <p>
        {plural(school.total, 'observação enviada', 'observações enviadas')} pela escola em{' '}
        {plural(days, 'dia', 'dias')}
        {school.avgAttention !== null && school.avgAttention !== undefined
          ? `; atenção média de ${decimal(school.avgAttention)} em 5.`
          : '.'}
      </p>
      <ChartFigure
        title="Observações da escola por dia"
        summary={`${plural(school.total, 'observação', 'observações')} da escola no período, em ${plural(days, 'dia', 'dias')}.`}
        columns={['Dia', 'Observações']}
        rows={data}
      >
        <Columns data={data} labelEvery={Math.ceil(data.length / 7)} className="bar-school" />
      </ChartFigure>
      {contexts.length > 0 && (
        <ChartFigure
          title="Situações que mais aparecem na escola"
          summary={`Situações mais anotadas pela escola: ${contexts.map((c) => `${c.label} (${c.value})`).join(', ')}.`}
          columns={['Situação', 'Vezes']}
          rows={contexts}
        >
          <Rows data={contexts} className="bar-school" />
        </ChartFigure>
      )}
    </section>
  );
}

export function AuthorsSection({ authors }: { authors: Author[] }) {
  const total = authors.reduce((n, a) => n + a.count, 0) || 1;
  const data: Datum[] = authors.map((a) => {
    const share = Math.round(a.share !== undefined ? a.share * (a.share <= 1 ? 100 : 1) : (a.count / total) * 100);
    return { label: a.name || 'ex-cuidador(a)', value: a.count, text: `${a.count} (${share}%)` };
  });
  return (
    <section className="pattern-section" aria-labelledby="padroes-autores">
      <h2 id="padroes-autores">Quem registrou</h2>
      <ChartFigure
        title="Registros por pessoa"
        summary={`Quem registrou no período: ${data.map((d) => `${d.label}, ${d.text}`).join('; ')}.`}
        columns={['Quem', 'Registros']}
        rows={data}
      >
        <Rows data={data} className="bar" />
      </ChartFigure>
    </section>
  );
}
