/**
 * The patterns page's charts: plain SVG drawn by React (docs/decisions/0015). Each is a <figure>
 * whose drawing is an image with a one-sentence summary, and whose figures are also a table a
 * screen reader (or a curious mother) can read under "Ver os números".
 */
import type { ReactNode } from 'react';
import type { Part } from './mix-charts.tsx';

export interface Datum {
  label: string;
  value: number;
  /** the cell's text in the table, when not the bare number */
  text?: string;
  /** this bar's colour class, when not the chart's */
  className?: string;
}

interface FigureProps {
  title: string;
  summary: string;
  columns: [string, string];
  rows: Datum[];
  children: ReactNode;
}

/** A chart with its caption and its table. */
export function ChartFigure({ title, summary, columns, rows, children }: FigureProps) {
  return (
    <figure className="chart">
      <figcaption className="chart-title">{title}</figcaption>
      <div role="img" aria-label={summary} className="chart-drawing">
        {children}
      </div>
      <details className="chart-table">
        <summary>Ver os números</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {/* By position: a 366-day period has two days with the same dd/mm label. */}
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional and never reorder.
              <tr key={i}>
                <th scope="row">{row.label}</th>
                <td>{row.text ?? row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const WIDTH = 320;

/** A vertical rule with a label at one column (e.g. a medicine started, changed or stopped that day). */
export interface Mark {
  index: number;
  label: string;
}

/** The rules and their labels, staggered so two close marks do not print over each other. */
function Marks({ marks, step, plot }: { marks: Mark[]; step: number; plot: number }) {
  return (
    <g className="marks">
      {marks.map((mark, i) => {
        const x = mark.index * step + step / 2;
        const y = 9 + (i % 3) * 11;
        const right = x > WIDTH * 0.6;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: marks are in date order and never reorder.
          <g key={i}>
            <line x1={x} x2={x} y1={y - 8} y2={plot} className="mark-rule" />
            <text x={right ? x - 3 : x + 3} y={y} textAnchor={right ? 'end' : 'start'} className="mark-label">
              {mark.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

interface ColumnsProps {
  data: Datum[];
  /** rules drawn over the bars at some columns, with their labels */
  marks?: Mark[];
  height?: number;
  /** a horizontal band drawn over the bars (e.g. the recommended sleep), in the data's unit */
  band?: { min: number; max: number };
  /** which labels to print under the axis (every one by default) */
  labelEvery?: number;
  className?: string;
  /** print each bar's value above it (default: up to 14 bars) */
  values?: boolean;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Vertical bars, one per datum, from zero to the largest value (or the band's top). Up to 14 bars
 * carry their value; more get a line at the largest value, labelled.
 */
export function Columns({
  data,
  height: barsHeight = 150,
  band,
  labelEvery = 1,
  className = 'bar',
  values,
  marks,
}: ColumnsProps) {
  // The marks' labels get a strip of their own above the bars.
  const headroom = marks?.length ? Math.min(3, marks.length) * 11 + 4 : 0;
  const height = barsHeight + headroom;
  const top = Math.max(1, ...data.map((d) => d.value), band?.max ?? 0);
  const plot = height - 22;
  const step = WIDTH / Math.max(1, data.length);
  const y = (value: number) => plot - (value / top) * (plot - 16 - headroom);
  const showValues = values ?? data.length <= 14;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="chart-svg" aria-hidden="true" focusable="false">
      <line x1="0" x2={WIDTH} y1={plot} y2={plot} className="axis" />
      {!showValues && !band && (
        <g className="grid">
          <line x1="0" x2={WIDTH} y1={y(top)} y2={y(top)} />
          <text x={WIDTH} y={y(top) - 3} textAnchor="end">
            máx. {round1(top).toLocaleString('pt-BR')}
          </text>
        </g>
      )}
      {data.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one column per day or week, in order.
        <g key={i}>
          {d.value > 0 && (
            <rect
              className={d.className ?? className}
              x={i * step + step * 0.15}
              y={y(d.value)}
              width={step * 0.7}
              height={plot - y(d.value)}
              rx="2"
            />
          )}
          {showValues && (
            <text x={i * step + step / 2} y={y(d.value) - 3} textAnchor="middle" className="value">
              {round1(d.value).toLocaleString('pt-BR')}
            </text>
          )}
          {i % labelEvery === 0 && (
            <text x={i * step + step / 2} y={height - 6} textAnchor="middle" className="tick">
              {d.label}
            </text>
          )}
        </g>
      ))}
      {band && (
        <g className="band">
          <rect x="0" y={y(band.max)} width={WIDTH} height={y(band.min) - y(band.max)} />
          <line x1="0" x2={WIDTH} y1={y(band.max)} y2={y(band.max)} />
          <line x1="0" x2={WIDTH} y1={y(band.min)} y2={y(band.min)} />
        </g>
      )}
      {marks && marks.length > 0 && <Marks marks={marks} step={step} plot={plot} />}
    </svg>
  );
}

export interface StackedColumn {
  label: string;
  parts: Part[];
}

/** Vertical bars split by level (e.g. intensity), one per day or week, with the levels' legend. */
export function StackedColumns({ columns, height = 150 }: { columns: StackedColumn[]; height?: number }) {
  const totals = columns.map((c) => c.parts.reduce((n, p) => n + p.value, 0));
  const top = Math.max(1, ...totals);
  const plot = height - 22;
  const step = WIDTH / Math.max(1, columns.length);
  const scale = (value: number) => (value / top) * (plot - 16);
  const labelEvery = Math.ceil(columns.length / 7);
  return (
    <div aria-hidden="true">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="chart-svg" aria-hidden="true" focusable="false">
        <line x1="0" x2={WIDTH} y1={plot} y2={plot} className="axis" />
        {columns.map((column, i) => {
          let base = plot;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: one column per day or week, in order.
            <g key={i}>
              {column.parts.map((part) => {
                if (!part.value) return null;
                base -= scale(part.value);
                return (
                  <rect
                    key={part.label}
                    className={part.className}
                    x={i * step + step * 0.15}
                    y={base}
                    width={step * 0.7}
                    height={scale(part.value)}
                  />
                );
              })}
              {columns.length <= 14 && totals[i]! > 0 && (
                <text x={i * step + step / 2} y={base - 3} textAnchor="middle" className="value">
                  {totals[i]}
                </text>
              )}
              {i % labelEvery === 0 && (
                <text x={i * step + step / 2} y={height - 6} textAnchor="middle" className="tick">
                  {column.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="legend">
        {(columns[0]?.parts ?? []).map((p) => (
          <li key={p.label}>
            <span className={`swatch ${p.className}`} />
            {p.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Horizontal bars with the label above each: words of any length fit a phone. */
export function Rows({ data, className = 'bar' }: { data: Datum[]; className?: string }) {
  const top = Math.max(1, ...data.map((d) => d.value));
  return (
    <ul className="rows" aria-hidden="true">
      {data.map((d) => (
        <li key={d.label}>
          <span className="rows-label">
            {d.label}
            <span className="rows-value">{d.text ?? d.value}</span>
          </span>
          <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="rows-bar" aria-hidden="true" focusable="false">
            <rect x="0" y="0" width="100" height="8" rx="4" className="track" />
            <rect x="0" y="0" width={(d.value / top) * 100} height="8" rx="4" className={className} />
          </svg>
        </li>
      ))}
    </ul>
  );
}

// One bar split into parts, and the weekday × hour grid: in their own file (≤ 300 lines a file).
export { HeatGrid, type Part, Stacked } from './mix-charts.tsx';
