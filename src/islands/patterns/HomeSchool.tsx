/**
 * "Casa e escola" (issue 30, item 4): per item of the weekly scale, the mean of each source week by
 * week as small multiples in plain SVG (decision 0015) with a table, the items where home and school
 * differ by two points or more said in words, and who rated. Loaded with the period's figures.
 */
import { useEffect, useState } from 'react';
import { loadRatings } from '../../lib/ratings.ts';
import { shortDay } from '../../shared/format.ts';
import { RATINGS_NOTICE } from '../../shared/weekly-scale-words.ts';
import {
  byItem,
  differences,
  type Item,
  type ItemWeeks,
  joinNames,
  meanText,
  type RatingRow,
  raters,
} from '../ratings/model.ts';

type State = { status: 'loading' } | { status: 'ready'; ratings: RatingRow[] } | { status: 'error' };

export function useRatings(childId: string, from: string, to: string): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRatings(childId, from, to).then(
      (ratings) => live && setState({ status: 'ready', ratings }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [childId, from, to]);
  return state;
}

const W = 320;
const H = 72;
const PAD = { left: 44, right: 8, top: 8, bottom: 18 };

/** One item's weeks: home a solid line with dots, school a dashed line with squares. */
function Multiple({ row }: { row: ItemWeeks }) {
  const n = row.weeks.length;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (n === 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v: number) => PAD.top + plotH - (v / 3) * plotH;
  const line = (source: 'home' | 'school') =>
    row.weeks
      .map((w, i) => (w[source] === null ? null : `${x(i)},${y(w[source] as number)}`))
      .filter(Boolean)
      .join(' ');
  const summary = `${row.item.label}: em casa ${meanText(row.home)}, na escola ${row.item.school ? meanText(row.school) : 'não avalia'} (média do período, de 0 a 3).`;
  return (
    <figure className="multiple">
      <figcaption>{row.item.label}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="multiple-drawing">
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(3)} y2={y(3)} className="grid" />
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="tick">
          nada
        </text>
        <text x={PAD.left - 6} y={y(3) + 4} textAnchor="end" className="tick">
          muito
        </text>
        {row.weeks.map((w, i) => (
          <text
            key={w.weekStart}
            x={x(i)}
            y={H - 4}
            textAnchor={n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
            className="tick"
          >
            {n <= 6 || i % Math.ceil(n / 6) === 0 ? shortDay(w.weekStart) : ''}
          </text>
        ))}
        <polyline points={line('home')} className="line-home" />
        {row.item.school && <polyline points={line('school')} className="line-school" />}
        {/* Squares under dots: where home and school agree, both marks show. */}
        {row.item.school &&
          row.weeks.map((w, i) =>
            w.school === null ? null : (
              <rect
                key={`s${w.weekStart}`}
                x={x(i) - 4.5}
                y={y(w.school) - 4.5}
                width={9}
                height={9}
                className="dot-school"
              />
            ),
          )}
        {row.weeks.map((w, i) =>
          w.home === null ? null : (
            <circle key={`h${w.weekStart}`} cx={x(i)} cy={y(w.home)} r={3.5} className="dot-home" />
          ),
        )}
      </svg>
    </figure>
  );
}

export default function HomeSchoolSection({
  childId,
  from,
  to,
  items,
  quietWhenEmpty = false,
}: {
  childId: string;
  from: string;
  to: string;
  items: Item[];
  /** says nothing when no week was rated (beside the page's own empty notice) */
  quietWhenEmpty?: boolean;
}) {
  const state = useRatings(childId, from, to);
  if (state.status === 'loading' || (quietWhenEmpty && state.status === 'error')) return null;
  if (state.status === 'error')
    return (
      <section className="pattern-section" aria-labelledby="casa-e-escola">
        <h2 id="casa-e-escola">Casa e escola</h2>
        <p className="muted">Não foi possível carregar as avaliações da semana agora.</p>
      </section>
    );
  const rows = byItem(items, state.ratings).filter((r) => r.home !== null || r.school !== null);
  if (!rows.length)
    return quietWhenEmpty ? null : (
      <section className="pattern-section" aria-labelledby="casa-e-escola">
        <h2 id="casa-e-escola">Casa e escola</h2>
        <p>
          Ainda não há avaliações da semana neste período. <a href="/avaliacao-da-semana/">Avaliar a semana</a> leva
          menos de um minuto; a escola responde pelo link da escola.
        </p>
      </section>
    );
  const said = differences(rows);
  const who = raters(state.ratings);
  return (
    <section className="pattern-section home-school" aria-labelledby="casa-e-escola">
      <h2 id="casa-e-escola">Casa e escola</h2>
      <p className="small muted">A média de cada semana, de 0 (nada) a 3 (muito). {RATINGS_NOTICE}</p>
      {said.length > 0 && (
        <ul className="differences">
          {said.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
      <p className="legend" aria-hidden="true">
        <span className="key key-home" /> Casa <span className="key key-school" /> Escola
      </p>
      <div className="multiples">
        {rows.map((row) => (
          <Multiple key={row.item.key} row={row} />
        ))}
      </div>
      <details className="chart-table">
        <summary>Ver os números</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Pergunta</th>
              <th scope="col">Semana</th>
              <th scope="col">Casa</th>
              <th scope="col">Escola</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((row) =>
              row.weeks.map((w) => (
                <tr key={`${row.item.key}-${w.weekStart}`}>
                  <th scope="row">{row.item.label}</th>
                  <td>{shortDay(w.weekStart)}</td>
                  <td>{meanText(w.home)}</td>
                  <td>{row.item.school ? meanText(w.school) : '—'}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </details>
      <p className="small">
        <strong>Quem avaliou:</strong>{' '}
        {[
          who.home.length ? `em casa, ${joinNames(who.home)}` : 'em casa, ninguém ainda',
          who.school.length ? `na escola, ${joinNames(who.school)}` : 'na escola, ninguém ainda',
        ].join('; ')}
        .
      </p>
    </section>
  );
}
