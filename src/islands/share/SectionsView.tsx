/**
 * The clinical summary's sections as `summarySections` words them (headings, lines, a table), with
 * no fetching: the doctor's page prints it. To be replaced by src/islands/summary/SummaryView.tsx
 * once that exists (issue 38), which renders the same sections.
 */
import type { SummarySection } from '../../shared/summary-sections.ts';

export default function SectionsView({ sections }: { sections: SummarySection[] }) {
  return (
    <div className="summary-sections">
      {sections.map((section) => (
        <section key={section.id} className="summary-section" aria-labelledby={`secao-${section.id}`}>
          <h2 id={`secao-${section.id}`}>{section.title}</h2>
          {section.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {section.table && (
            <div className="summary-table">
              <table>
                <thead>
                  <tr>
                    {section.table.head.map((cell, i) =>
                      // A corner with no words is no header (axe: empty-table-header).
                      cell ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a printed table, never reordered; cells may repeat.
                        <th key={i} scope="col">
                          {cell}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a printed table, never reordered.
                        <td key={i} />
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {section.table.rows.map((row, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a printed table, never reordered; rows may repeat.
                    <tr key={r}>
                      {row.map((cell, i) =>
                        i === 0 ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a printed table, never reordered.
                          <th key={i} scope="row">
                            {cell}
                          </th>
                        ) : (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a printed table, never reordered.
                          <td key={i}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {section.after?.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {section.notes?.map((line) => (
            <p key={line} className="summary-note">
              {line}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
