/**
 * /estrelas/ (issue 43): "Estrelas de Lia" — the screen she shows the child. Today's stars, the
 * week's good days and the next reward, large and friendly, nothing else. A good day: every target
 * marked that day (home or school) reached its goal.
 */
import { useEffect, useState } from 'react';
import { type CardDay, type DailyCard, loadCard, loadDays } from '../../lib/daily-card.ts';
import { addDays, mondayOf, today as todayOf } from '../../shared/clock.ts';
import { dayMet } from '../../shared/daily-card.ts';
import { count } from '../../shared/words.ts';
import { currentChild } from '../../stores/child.ts';
import { useHydratedStore } from '../useHydrated.ts';

const WEEKDAYS = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'];
const stars = (n: number) => count(n, 'estrela', 'estrelas');

/** Whether a day was good: something was marked, and every marked target met its goal. */
export function goodDay(card: DailyCard, days: CardDay[], date: string): boolean {
  const rows = days.filter((d) => d.date === date);
  const results = rows.flatMap((row) =>
    card.card.targets.filter((t) => row.marks[t.id]).map((t) => dayMet(row.marks[t.id], t.goal)),
  );
  return results.length > 0 && results.every(Boolean);
}

export default function Stars() {
  const child = useHydratedStore(currentChild, null);
  const [data, setData] = useState<{ card: DailyCard; days: CardDay[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [today] = useState(() => todayOf());
  const monday = mondayOf(today);
  const childId = child?.id;

  useEffect(() => {
    if (!childId) return;
    Promise.all([loadCard(childId), loadDays(childId, monday, addDays(monday, 6))])
      .then(([card, days]) => setData({ card, days }))
      .catch(() => setFailed(true));
  }, [childId, monday]);

  if (!child) return null;
  const first = child.name.trim().split(/\s+/)[0] ?? child.name;
  if (failed)
    return (
      <p className="notice" role="status">
        Não foi possível abrir as estrelas agora. Tente de novo quando a internet voltar.
      </p>
    );
  if (!data)
    return (
      <p className="muted" role="status">
        Carregando…
      </p>
    );
  const { balance, today: todayStars } = data.card.stars;
  const rewards = [...data.card.rewards].sort((a, b) => a.cost - b.cost);
  const next = rewards.find((r) => r.cost > balance);
  const ready = rewards.filter((r) => r.cost <= balance).at(-1);
  return (
    <div className="stars">
      <h1>Estrelas de {first}</h1>
      <section className="stars-today" aria-label="Hoje">
        <p className="stars-big" aria-hidden="true">
          {todayStars > 0 ? '★'.repeat(Math.min(todayStars, 12)) : '☆'}
        </p>
        <p className="stars-line">
          {todayStars > 0 ? `Hoje: ${stars(todayStars)}!` : 'Hoje ainda não tem estrela. Vamos juntos?'}
        </p>
      </section>
      <section aria-labelledby="stars-week">
        <h2 id="stars-week">Dias bons da semana</h2>
        <ol className="stars-week">
          {WEEKDAYS.map((name, i) => {
            const date = addDays(monday, i);
            const good = date <= today && goodDay(data.card, data.days, date);
            return (
              <li key={name} className={good ? 'is-good' : undefined}>
                <span aria-hidden="true">{good ? '★' : '·'}</span>
                <span className="stars-day">
                  {name.slice(0, 3)}
                  <span className="sr-only">{good ? ': dia bom' : ''}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </section>
      <section className="stars-next" aria-labelledby="stars-reward">
        <h2 id="stars-reward">{ready && !next ? 'Já dá para trocar' : 'Próxima recompensa'}</h2>
        {next ? (
          <p>
            <strong>{next.text}</strong>
            <br />
            faltam {stars(next.cost - balance)}
          </p>
        ) : ready ? (
          <p>
            <strong>{ready.text}</strong>
          </p>
        ) : (
          <p>Combine com a família uma recompensa.</p>
        )}
        <p className="stars-balance">Guardadas: {stars(balance)}</p>
      </section>
    </div>
  );
}
