import type { Rating } from '../../lib/ratings.ts';
import type { WeeklyScale } from '../../shared/weekly-scale-words.ts';

/** A viewer sees who rated the week and what, and is told who rates. */
export default function ViewerWeek({ scale, ratings }: { scale: WeeklyScale; ratings: Rating[] }) {
  return (
    <div className="rating-viewer">
      <p className="notice">
        Você acompanha esta criança: quem cuida dela é que avalia a semana. Aqui você vê o que foi marcado.
      </p>
      {ratings.length === 0 ? (
        <p className="muted">Ninguém avaliou esta semana ainda.</p>
      ) : (
        ratings.map((r) => (
          <section key={`${r.source}-${r.by}`} className="card rating-seen" aria-label={`Avaliação de ${r.by}`}>
            <h2>
              {r.by} <span className="muted small">({r.source === 'school' ? 'escola' : 'casa'})</span>
            </h2>
            <dl>
              {scale.items
                .filter((item) => r.answers[item.key] !== undefined)
                .map((item) => (
                  <div key={item.key}>
                    <dt>{item.label}</dt>
                    <dd>{scale.answers[r.answers[item.key] ?? 0]}</dd>
                  </div>
                ))}
            </dl>
            {r.note && <p className="small">{r.note}</p>}
          </section>
        ))
      )}
    </div>
  );
}
