/**
 * "Casa e escola" (issue 30, item 4) drawn: per item of the weekly scale, the mean of each source week
 * by week as small multiples in plain SVG (decision 0015), from the clinical summary's four weeks
 * (its words, table and raters are the summary's section, printed by SummaryView).
 */
import { shortDay } from '../../shared/format.ts';
import type { ClinicalSummary } from '../../shared/summary-sections.ts';
import { meanOf } from '../../shared/weekly-scale-words.ts';
import { type ItemWeeks, meanText } from '../ratings/model.ts';

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
  const summary = `${row.item.label}: em casa ${meanText(row.home)}, na escola ${row.item.school ? meanText(row.school) : 'não avalia'} (média das quatro semanas, de 0 a 3).`;
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

/** The summary's four weeks, item by item, as the small multiples draw them (items with no rating left out). */
export function itemWeeks(homeSchool: ClinicalSummary['homeSchool']): ItemWeeks[] {
  const mean = (values: Array<number | null>) => meanOf(values.filter((v): v is number => v !== null));
  return homeSchool.items
    .map((item) => ({
      item: {
        key: item.key,
        label: item.label,
        inSentence: item.inSentence,
        plural: item.plural,
        school: item.asksSchool,
      },
      weeks: homeSchool.weeks.map((weekStart, i) => ({
        weekStart,
        home: item.home[i] ?? null,
        school: item.asksSchool ? (item.school[i] ?? null) : null,
      })),
      home: mean(item.home),
      school: item.asksSchool ? mean(item.school) : null,
    }))
    .filter((row) => row.home !== null || row.school !== null);
}

/** Under the summary's "Casa e escola": each item's weeks drawn, home and school. */
export default function HomeSchoolCharts({ homeSchool }: { homeSchool: ClinicalSummary['homeSchool'] }) {
  const rows = itemWeeks(homeSchool);
  if (!rows.length)
    return (
      <p className="small">
        <a href="/avaliacao-da-semana/">Avaliar a semana</a> leva menos de um minuto; a escola responde pelo link da
        escola.
      </p>
    );
  return (
    <div className="home-school">
      <p className="legend" aria-hidden="true">
        <span className="key key-home" /> Casa <span className="key key-school" /> Escola
      </p>
      <div className="multiples">
        {rows.map((row) => (
          <Multiple key={row.item.key} row={row} />
        ))}
      </div>
    </div>
  );
}
