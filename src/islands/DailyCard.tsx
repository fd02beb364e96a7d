/**
 * /cartao-do-dia/ (issue 43): the daily card of the chosen child — marking today (or a past day,
 * from the paper card), the targets and their goals, the rewards and the stars. Owner and carers
 * write; a viewer sees the card and the stars. The teacher marks through the school link
 * (/escola/cartao/), the child sees her stars on /estrelas/.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { roleOf } from '../lib/circle.ts';
import { type DailyCard as Card, type CardSummary, loadCard, loadSummary } from '../lib/daily-card.ts';
import { today as todayOf } from '../shared/clock.ts';
import { forgivenText } from '../shared/daily-card.ts';
import { currentChild } from '../stores/child.ts';
import CardSetup, { type Example } from './card/CardSetup.tsx';
import HomeMarks from './card/HomeMarks.tsx';
import ReminderSettings from './card/ReminderSettings.tsx';
import Rewards from './card/Rewards.tsx';
import LoadFailure from './LoadFailure.tsx';
import { useHydratedStore } from './useHydrated.ts';

type Status = 'loading' | 'ready' | 'error' | 'offline' | 'paywall';

export default function DailyCard({ examples }: { examples: Example[] }) {
  const child = useHydratedStore(currentChild, null);
  const [card, setCard] = useState<Card | null>(null);
  const [suggestions, setSuggestions] = useState<CardSummary['suggestions']>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [editing, setEditing] = useState(false);
  const [today] = useState(() => todayOf());
  const childId = child?.id;

  const load = useCallback(async () => {
    if (!childId) return;
    try {
      setCard(await loadCard(childId));
      setStatus('ready');
      loadSummary(childId)
        .then((summary) => setSuggestions(summary.suggestions))
        .catch(() => setSuggestions([]));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'network') setStatus('offline');
      else setStatus(err instanceof ApiError && err.status === 402 ? 'paywall' : 'error');
    }
  }, [childId]);

  useEffect(() => {
    setStatus('loading');
    setEditing(false);
    void load();
  }, [load]);

  if (!child || status === 'loading')
    return (
      <p className="muted" role="status">
        Carregando…
      </p>
    );
  if (status === 'error')
    return <LoadFailure message="Não foi possível abrir o cartão agora." onRetry={() => void load()} />;
  if (status === 'offline')
    return (
      <LoadFailure message="Sem conexão agora. O cartão abre quando a internet voltar." onRetry={() => void load()} />
    );
  if (status === 'paywall' || !card) return <p className="notice">O cartão do dia faz parte da assinatura.</p>;

  const canWrite = roleOf(child) !== 'viewer';
  const first = child.name.trim().split(/\s+/)[0] ?? child.name;
  const targets = card.card.targets;
  const setup = (editing || targets.length === 0) && canWrite;

  return (
    <div>
      <p className="card-links">
        <a className="btn btn-secondary btn-small" href="/estrelas/">
          Estrelas de {first}
        </a>
        {targets.length > 0 && (
          <a className="btn btn-ghost btn-small" href="/cartao-do-dia/papel/">
            Cartão em papel
          </a>
        )}
      </p>
      {targets.length > 0 && canWrite && !setup && (
        <HomeMarks childId={child.id} today={today} targets={targets} onStars={() => void load()} />
      )}
      {setup ? (
        <CardSetup
          childId={child.id}
          targets={targets}
          examples={examples}
          suggestions={suggestions}
          onSaved={() => {
            setEditing(false);
            void load();
          }}
        />
      ) : (
        <section className="card-section" aria-labelledby="card-targets">
          <h2 id="card-targets">Objetivos do cartão</h2>
          <ul className="entries">
            {targets.map((t) => (
              <li key={t.id} className="entry">
                <strong>{t.text}</strong>
                <span className="muted">
                  {' '}
                  · {t.where === 'ambos' ? 'escola e casa' : t.where} · meta {t.goal} de {t.parts}
                </span>
              </li>
            ))}
          </ul>
          {suggestions.map((s) => (
            <p key={`${s.targetId}-${s.kind}`} className="notice">
              {s.why}
            </p>
          ))}
          {canWrite && (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              Mudar objetivos e metas
            </button>
          )}
        </section>
      )}
      {targets.length > 0 && (
        <Rewards
          childId={child.id}
          rewards={card.rewards}
          balance={card.stars.balance}
          canWrite={canWrite}
          onChange={() => void load()}
        />
      )}
      {card.forgiven.length > 0 && (
        <section className="card-section" aria-labelledby="card-forgiven">
          <h2 id="card-forgiven">Estrelas perdoadas</h2>
          <ul className="entries">
            {card.forgiven.map((f) => (
              <li key={`${f.at}-${f.date}`} className="entry">
                {forgivenText(f.stars, f.date)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {roleOf(child) === 'owner' && targets.some((t) => t.where !== 'casa') && (
        <ReminderSettings key={child.id} childId={child.id} settings={card.settings} />
      )}
    </div>
  );
}
