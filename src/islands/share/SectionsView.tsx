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
                    {section.table.head.map((cell, i) => (
                      <th key={`${i}-${cell}`} scope="col">
                        {cell}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.table.rows.map((row, r) => (
                    <tr key={`${r}-${row[0]}`}>
                      {row.map((cell, i) =>
                        i === 0 ? (
                          <th key={`${i}-${cell}`} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={`${i}-${cell}`}>{cell}</td>
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
