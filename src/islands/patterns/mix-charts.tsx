/** The patterns page's mixes: one bar split into parts, and the weekday × hour grid (plain SVG, decision 0015). */
export interface Part {
  label: string;
  value: number;
  className: string;
}

/** One bar split into parts (a mix), with its legend. */
export function Stacked({ parts }: { parts: Part[] }) {
  const total = Math.max(
    1,
    parts.reduce((n, p) => n + p.value, 0),
  );
  let x = 0;
  return (
    <div aria-hidden="true">
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="stacked" aria-hidden="true" focusable="false">
        {parts.map((p) => {
          const width = (p.value / total) * 100;
          const rect = <rect key={p.label} x={x} y="0" width={width} height="10" className={p.className} />;
          x += width;
          return rect;
        })}
      </svg>
      <ul className="legend">
        {parts.map((p) => (
          <li key={p.label}>
            <span className={`swatch ${p.className}`} />
            {p.label}: {Math.round((p.value / total) * 100)} %
          </li>
        ))}
      </ul>
    </div>
  );
}

interface GridProps {
  matrix: number[][];
  rowLabels: readonly string[];
}

/** Weekday × hour: the darker the cell, the more episodes. Hours 6h–23h, where episodes happen. */
export function HeatGrid({ matrix, rowLabels }: GridProps) {
  const hours = Array.from({ length: 18 }, (_, i) => i + 6);
  const top = Math.max(1, ...matrix.flat());
  const cell = 15;
  const left = 30;
  return (
    <svg viewBox={`0 0 ${left + hours.length * cell} ${7 * cell + 16}`} className="chart-svg" aria-hidden="true">
      {matrix.map((row, day) => (
        <g key={rowLabels[day]}>
          <text x="0" y={day * cell + 11} className="tick">
            {rowLabels[day]}
          </text>
          {hours.map((hour) => {
            const value = row[hour] ?? 0;
            return (
              <rect
                key={hour}
                x={left + (hour - 6) * cell}
                y={day * cell}
                width={cell - 2}
                height={cell - 2}
                rx="2"
                className={value ? 'heat' : 'heat-empty'}
                style={value ? { opacity: 0.25 + 0.75 * (value / top) } : undefined}
              />
            );
          })}
        </g>
      ))}
      {[6, 9, 12, 15, 18, 21].map((hour) => (
        <text key={hour} x={left + (hour - 6) * cell} y={7 * cell + 12} className="tick">
          {hour}h
        </text>
      ))}
    </svg>
  );
}
