/**
 * A possible double dose, told to everyone of the circle at once (issue 37): two given doses of one
 * medicine within its minimum interval, or one time marked twice (given twice, or given and not
 * given). Shown on the treatment page and on the child's card until the owner marks it seen; the
 * page asks again every 30 s while it is in front of her, so a dose that reached the server from
 * another phone shows within a minute. A dose undone since stays in it, with who undid it and when
 * (issue 54). Descriptive only: who gave what and when, and whom to call.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { type DoseAlert, failureText, loadDoseAlerts, markAlertSeen } from '../../lib/treatment.ts';
import {
  ALERTS_EVERY_MS,
  OVERLAP_ADVICE,
  overlapSentence,
  POISON_CENTER_PHONE,
  undoneSentences,
} from '../../shared/dose-alerts.ts';
import { telHref } from '../../shared/tel.ts';
import { plural } from '../../shared/words.ts';
import { synced } from '../../stores/queue.ts';

/** The advice, its number a link to call. */
const [ADVICE_BEFORE, ADVICE_AFTER] = OVERLAP_ADVICE.split(POISON_CENTER_PHONE) as [string, string];

/** Calls `tick` now, every `ms` while the page is visible, on return to it and when the connection returns. */
export function useWhileVisible(tick: () => void, ms: number) {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      if (document.visibilityState === 'visible') timer = setInterval(tick, ms);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', tick);
    };
  }, [tick, ms]);
}

interface Props {
  childId: string;
  childName: string;
  /** the owner settles an alert ("Marcar como visto"); everyone else sees it until then */
  isOwner: boolean;
  /** the child's card: the same words, smaller */
  compact?: boolean;
  /** a new alert arrived: the page reloads the doses it shows */
  onNews?: () => void;
  /** changes when this page marked or undid a dose: the alerts are asked again at once */
  asked?: number;
}

export default function DoseAlerts({ childId, childName, isOwner, compact = false, onNews, asked = 0 }: Props) {
  const [alerts, setAlerts] = useState<DoseAlert[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  /** the alerts already shown: a new one makes the page reload its doses */
  const known = useRef(new Set<string>());
  const titleId = useId();
  const syncCount = useStore(synced);

  const load = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const unseen = await loadDoseAlerts(childId, { unseen: true });
      const news = unseen.some((alert) => !known.current.has(alert.id));
      known.current = new Set(unseen.map((alert) => alert.id));
      setAlerts(unseen);
      if (news) onNews?.();
    } catch {
      // Kept as it was: the next try (in 30 s, or back online) tells again.
    }
  }, [childId, onNews]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: syncCount (the queue sent something) and asked (a dose marked or undone here) are signals.
  useEffect(() => {
    void load();
  }, [load, syncCount, asked]);
  useWhileVisible(load, ALERTS_EVERY_MS);

  async function seen(alert: DoseAlert) {
    setBusy(alert.id);
    try {
      await markAlertSeen(childId, alert.id);
      setAlerts((list) => list.filter((a) => a.id !== alert.id));
      toast('Aviso marcado como visto', 'Ele continua no histórico do tratamento e no relatório.', 'success');
    } catch (err) {
      toast('Não foi possível marcar como visto', failureText(err));
    } finally {
      setBusy(null);
    }
  }

  if (!alerts.length) return null;
  return (
    <section className={`dose-alert${compact ? ' is-compact' : ''}`} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="dose-alert-title">
        {plural(alerts.length, {
          one: 'Atenção: possível dose dupla',
          other: `Atenção: ${alerts.length} possíveis doses duplas`,
        })}
      </h2>
      <ul className="dose-alert-list">
        {alerts.map((alert) => (
          <li key={alert.id}>
            <p>{overlapSentence({ childName, medicineName: alert.name, kind: alert.kind, doses: alert.doses })}</p>
            {alert.undone.length > 0 && (
              <p className="dose-alert-undone">{undoneSentences(alert, alert.undone).join(' ')}</p>
            )}
            {isOwner ? (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={busy === alert.id}
                onClick={() => void seen(alert)}
              >
                Marcar como visto<span className="sr-only"> o aviso de {alert.name}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="dose-alert-help">
        {ADVICE_BEFORE}
        <a href={telHref(POISON_CENTER_PHONE)}>{POISON_CENTER_PHONE}</a>
        {ADVICE_AFTER}
      </p>
      {!isOwner && (
        <p className="dose-alert-who">O aviso fica aqui até quem criou o registro de {childName} marcar como visto.</p>
      )}
    </section>
  );
}
