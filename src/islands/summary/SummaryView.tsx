/**
 * The clinical summary as the page prints it (issue 38, item 3): `summarySections`, the same words
 * and numbers as the report's page 1 and the doctor's page, each section with its heading, its
 * lines, its table, the lines after it and its small print. No data fetching here: give it
 * `{ summary }` (and, for a page that lets her choose, `sections` computed from it and `extras`
 * drawn at the end of a section, such as a chart).
 */
import type { ReactNode } from 'react';
import './summary.css';
import { type ClinicalSummary, type SummarySection, summarySections } from '../../shared/summary-sections.ts';

export interface SummaryViewProps {
  summary: ClinicalSummary;
  /** the sections to print; summarySections(summary) unless given */
  sections?: SummarySection[];
  /** something of the page's own at the end of a section, by the section's id */
  extras?: Partial<Record<string, ReactNode>>;
  /** the level of the sections' headings */
  level?: 2 | 3;
}

/** A line that says there is nothing to show is read as a quiet note, not a list. */
const isNothing = (section: SummarySection) =>
  !section.table && section.lines.length === 1 && /^Nenhuma? /.test(section.lines[0] ?? '');

export function SummarySectionView({
  section,
  extra,
  level = 2,
}: {
  section: SummarySection;
  extra?: ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `resumo-${section.id}`;
  const listed = !section.table && !isNothing(section);
  return (
    <section className={`pattern-section summary-section ${section.id}`} aria-labelledby={headingId}>
      <Heading id={headingId}>{section.title}</Heading>
      {listed ? (
        <ul className="summary-lines">
          {section.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        section.lines.map((line) => (
          <p key={line} className={isNothing(section) ? 'muted' : 'summary-line'}>
            {line}
          </p>
        ))
      )}
      {section.table && (
        // A wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        <section className="summary-table-scroll" tabIndex={0} aria-label={`Tabela: ${section.title}`}>
          <table className="summary-table">
            <thead>
              <tr>
                {section.table.head.map((cell) => (
                  <th key={cell || 'label'} scope="col">
                    {cell || <span className="sr-only">O quê</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.table.rows.map(([label, ...cells]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {section.after?.map((line) => (
        <p key={line} className="summary-after">
          {line}
        </p>
      ))}
      {section.notes?.map((note) => (
        <p key={note} className="small muted">
          {note}
        </p>
      ))}
      {extra}
    </section>
  );
}

export default function SummaryView({ summary, sections, extras = {}, level = 2 }: SummaryViewProps) {
  return (
    <div className="summary-view">
      {(sections ?? summarySections(summary)).map((section) => (
        <SummarySectionView key={section.id} section={section} extra={extras[section.id]} level={level} />
      ))}
    </div>
  );
}
