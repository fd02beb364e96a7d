/**
 * /tratamento/: what is given to the chosen child and what she is taken to (issue 28): today's
 * doses at a glance, the medicines with the timeline of what was in force when, and the therapies
 * with their sessions. Owner and carers write; a viewer sees. The forms load when first opened.
 */

import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { roleOf } from '../lib/circle.ts';
import type { Professional } from '../lib/resources.ts';
import { toast } from '../lib/toast.ts';
import {
  byName,
  dayOf,
  failureText,
  loadMedicines,
  loadTherapies,
  type Medicine,
  periodsOf,
  regimenText,
  THERAPY_KINDS,
  type Therapy,
  timesText,
  updateMedicine,
  updateTherapy,
} from '../lib/treatment.ts';
import { formatDay } from '../shared/format.ts';
import { MEDICINE_EVENT_LABELS } from '../shared/treatment-words.ts';
import { count, doseText } from '../shared/words.ts';
import { currentChild } from '../stores/child.ts';
import { refreshSession } from '../stores/session.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import LoadFailure from './LoadFailure.tsx';
import DoseAlerts, { ALERTS_EVERY_MS, useWhileVisible } from './treatment/DoseAlerts.tsx';
import TodayDoses from './treatment/TodayDoses.tsx';
import { useDoses } from './treatment/useDoses.ts';
import { useHydratedStore } from './useHydrated.ts';
import { useMountedOnce } from './useMountedOnce.ts';

const Forms = () => import('./treatment/Forms.tsx');
const MedicineForm = lazy(() => Forms().then((m) => ({ default: m.MedicineForm })));
const TherapyForm = lazy(() => Forms().then((m) => ({ default: m.TherapyForm })));
const ChangeDialog = lazy(() => Forms().then((m) => ({ default: m.ChangeDialog })));
const SessionDialog = lazy(() => Forms().then((m) => ({ default: m.SessionDialog })));
const PaywallDialog = lazy(() => import('./PaywallDialog.tsx'));

type Status = 'loading' | 'ready' | 'error' | 'paywall' | 'lost';
type ChangeKind = 'dose' | 'times' | 'stop';

function useTreatment(childId: string | null) {
  const [medicines, setMedicines] = useState<Medicine[]>([]);
  const [therapies, setTherapies] = useState<Therapy[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const load = useCallback(async () => {
    if (!childId) return;
    setStatus('loading');
    try {
      const [m, t] = await Promise.all([loadMedicines(childId), loadTherapies(childId)]);
      setMedicines(m);
      setTherapies(t);
      setStatus('ready');
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) setStatus('paywall');
      else if (err instanceof ApiError && err.status === 404) {
        setStatus('lost');
        void refreshSession(true);
      } else setStatus('error');
    }
  }, [childId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { medicines, setMedicines, therapies, status, reload: load };
}

/** Her professionals, for the prescriber and the therapies (loaded when a form opens). */
function useProfessionals(needed: boolean): Professional[] {
  const [list, setList] = useState<Professional[]>([]);
  useEffect(() => {
    if (!needed) return;
    call(client.professionals.$get()).then(
      (answer) => setList(answer.professionals),
      () => setList([]),
    );
  }, [needed]);
  return list;
}

/** The report uses the same words. */
const KIND_LABEL = MEDICINE_EVENT_LABELS;

export default function Treatment() {
  const child = useHydratedStore(currentChild, null);
  const role = child ? roleOf(child) : 'owner';
  const canWrite = role !== 'viewer';
  const [today] = useState(() => dayOf(new Date()));
  const treatment = useTreatment(child?.id ?? null);
  const doses = useDoses(child?.id ?? null, today, today, role !== 'owner');
  const [adding, setAdding] = useState<'medicine' | 'therapy' | null>(null);
  const [change, setChange] = useState<{ medicine: Medicine; kind: ChangeKind } | null>(null);
  const [session, setSession] = useState<Therapy | null>(null);
  const [toEnd, setToEnd] = useState<Therapy | null>(null);
  const [paywall, setPaywall] = useState(false);
  const professionals = useProfessionals(adding !== null);
  const changeMounted = useMountedOnce(change !== null);
  const sessionMounted = useMountedOnce(session !== null);
  const paywallMounted = useMountedOnce(paywall);

  useEffect(() => {
    void refreshSession();
  }, []);
  // A dose marked on another phone of the circle shows here within a minute.
  useWhileVisible(doses.reload, ALERTS_EVERY_MS);

  if (!child)
    return (
      <div className="treatment">
        <p className="record-of is-unknown" role="status">
          Carregando…
        </p>
      </div>
    );

  const { medicines, therapies, status } = treatment;
  const current = medicines.filter((m) => m.current);
  const past = medicines.filter((m) => !m.current);
  const replace = (saved: Medicine) =>
    treatment.setMedicines((list) =>
      [saved, ...list.filter((m) => m.id !== saved.id)].sort((a, b) => Number(b.current) - Number(a.current)),
    );

  async function toggleRemind(medicine: Medicine, remind: boolean) {
    if (!child) return;
    try {
      replace(await updateMedicine(child.id, medicine.id, { remind }));
      toast(
        remind ? 'Lembrete ligado' : 'Lembrete desligado',
        remind
          ? `Quem ligou “remédios” em Lembretes recebe um aviso nos horários de ${medicine.name}.`
          : `Ninguém recebe aviso dos horários de ${medicine.name}.`,
        'success',
      );
    } catch (err) {
      toast('Não foi possível mudar o lembrete', failureText(err));
    }
  }

  async function endTherapy(therapy: Therapy) {
    if (!child) return;
    try {
      await updateTherapy(child.id, therapy.id, { endedOn: today });
      toast('Terapia encerrada', `${THERAPY_KINDS[therapy.kind]} ficou no histórico.`, 'success');
      await treatment.reload();
    } catch (err) {
      toast('Não foi possível encerrar', failureText(err));
    }
  }

  return (
    <div className="treatment">
      <p className="record-of" role="status">
        Tratamento de <strong>{child.name}</strong>
      </p>
      <DoseAlerts childId={child.id} childName={child.name} isOwner={role === 'owner'} onNews={doses.reload} />
      {!canWrite && (
        <p className="notice viewer-note">
          Você acompanha {child.name} como observador(a): vê o tratamento, mas só a família marca as doses e anota
          mudanças.
        </p>
      )}
      {status === 'loading' && (
        <p className="muted" role="status">
          Carregando o tratamento…
        </p>
      )}
      {status === 'error' && (
        <LoadFailure
          message="Não foi possível carregar o tratamento. Verifique sua conexão e tente de novo."
          onRetry={() => void treatment.reload()}
        />
      )}
      {status === 'lost' && (
        <div className="notice notice-warning" role="alert">
          <p>Você não tem mais acesso aos registros de {child.name}.</p>
        </div>
      )}
      {status === 'paywall' && (
        <div className="card">
          <p>Anotar remédios, doses e terapias faz parte da assinatura.</p>
          <button type="button" className="btn btn-primary" onClick={() => setPaywall(true)}>
            Conhecer a assinatura
          </button>
        </div>
      )}
      {status === 'ready' && (
        <>
          <TodayDoses
            today={today}
            medicines={current}
            doses={doses}
            canWrite={canWrite}
            onPaywall={() => setPaywall(true)}
          />

          <section className="treatment-section" aria-labelledby="remedios">
            <h2 id="remedios">Remédios</h2>
            {medicines.length === 0 && (
              <div className="empty">
                <p className="empty-title">Nenhum remédio registrado.</p>
                <p>
                  {canWrite
                    ? `Anote aqui o que ${child.name} toma: a dose da receita, os horários e desde quando. Quem cuida junto vê e marca as doses.`
                    : `Quando a família anotar um remédio de ${child.name}, ele aparece aqui.`}
                </p>
              </div>
            )}
            {current.length > 0 && (
              <ul className="entries">
                {current.map((medicine) => (
                  <MedicineCard
                    key={medicine.id}
                    medicine={medicine}
                    canWrite={canWrite}
                    onChange={(kind) => setChange({ medicine, kind })}
                    onRemind={(remind) => void toggleRemind(medicine, remind)}
                  />
                ))}
              </ul>
            )}
            {past.length > 0 && (
              <details className="abc past-medicines">
                <summary>Remédios que ela não toma mais ({past.length})</summary>
                <ul className="entries">
                  {past.map((medicine) => (
                    <MedicineCard key={medicine.id} medicine={medicine} canWrite={false} />
                  ))}
                </ul>
              </details>
            )}
            {canWrite &&
              (adding === 'medicine' ? (
                <Suspense fallback={<p role="status">Carregando…</p>}>
                  <MedicineForm
                    childId={child.id}
                    childName={child.name}
                    professionals={professionals}
                    onSaved={(saved) => {
                      replace(saved);
                      setAdding(null);
                    }}
                    onCancel={() => setAdding(null)}
                  />
                </Suspense>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  onFocus={() => void Forms()}
                  onClick={() => setAdding('medicine')}
                >
                  Adicionar remédio
                </button>
              ))}
          </section>

          <section className="treatment-section" aria-labelledby="terapias">
            <h2 id="terapias">Terapias</h2>
            {therapies.length === 0 && (
              <div className="empty">
                <p className="empty-title">Nenhuma terapia registrada.</p>
                <p>
                  Fono, TO, psicologia…: anote com quem, a frequência e cada sessão — se ela foi e o que treinar em
                  casa.
                </p>
              </div>
            )}
            {therapies.length > 0 && (
              <ul className="entries">
                {therapies.map((therapy) => (
                  <TherapyCard
                    key={therapy.id}
                    therapy={therapy}
                    canWrite={canWrite}
                    onSession={() => setSession(therapy)}
                    onEnd={() => setToEnd(therapy)}
                  />
                ))}
              </ul>
            )}
            {canWrite &&
              (adding === 'therapy' ? (
                <Suspense fallback={<p role="status">Carregando…</p>}>
                  <TherapyForm
                    childId={child.id}
                    childName={child.name}
                    professionals={professionals}
                    onSaved={() => {
                      setAdding(null);
                      void treatment.reload();
                    }}
                    onCancel={() => setAdding(null)}
                  />
                </Suspense>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  onFocus={() => void Forms()}
                  onClick={() => setAdding('therapy')}
                >
                  Adicionar terapia
                </button>
              ))}
          </section>
        </>
      )}
      {changeMounted && (
        <Suspense fallback={null}>
          <ChangeDialog
            childId={child.id}
            medicine={change?.medicine ?? null}
            kind={change?.kind ?? 'dose'}
            onSaved={(saved) => {
              replace(saved);
              setChange(null);
            }}
            onClose={() => setChange(null)}
          />
        </Suspense>
      )}
      {sessionMounted && (
        <Suspense fallback={null}>
          <SessionDialog
            childId={child.id}
            therapy={session}
            onSaved={() => {
              setSession(null);
              void treatment.reload();
            }}
            onClose={() => setSession(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toEnd !== null}
        title={toEnd ? `Encerrar ${THERAPY_KINDS[toEnd.kind].toLowerCase()}?` : ''}
        confirmLabel="Encerrar hoje"
        onConfirm={() => {
          if (toEnd) void endTherapy(toEnd);
          setToEnd(null);
        }}
        onCancel={() => setToEnd(null)}
      >
        <p>A terapia e as sessões anotadas continuam no histórico e no relatório.</p>
      </ConfirmDialog>
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={paywall} onClose={() => setPaywall(false)} next="/tratamento/" />
        </Suspense>
      )}
    </div>
  );
}

function MedicineCard({
  medicine,
  canWrite,
  onChange,
  onRemind,
}: {
  medicine: Medicine;
  canWrite: boolean;
  onChange?: (kind: ChangeKind) => void;
  onRemind?: (remind: boolean) => void;
}) {
  const periods = periodsOf(medicine).reverse();
  return (
    <li className="entry medicine">
      <div className="entry-head">
        <h3 className="medicine-name">{medicine.name}</h3>
        {!medicine.current && <span className="badge">Parou em {formatDay(medicine.stoppedOn ?? '')}</span>}
      </div>
      {medicine.current && <p className="medicine-regimen">{regimenText(medicine)}</p>}
      <p className="contact-meta">
        Desde {formatDay(medicine.startedOn)}
        {medicine.prescriber ? ` · receitado por ${medicine.prescriber}` : ''}
        {medicine.reason ? ` · para ${medicine.reason}` : ''}
      </p>
      <h4 className="timeline-title">O que valeu quando</h4>
      <ol className="timeline">
        {periods.map((period) => (
          <li key={period.change.id} className={`timeline-item is-${period.change.kind}`}>
            <p className="timeline-when">
              {period.change.kind === 'stop'
                ? formatDay(period.from)
                : period.to
                  ? period.to === period.from
                    ? formatDay(period.from)
                    : `De ${formatDay(period.from)} a ${formatDay(period.to)}`
                  : `Desde ${formatDay(period.from)}`}
            </p>
            <p className="timeline-what">
              <strong>{KIND_LABEL[period.change.kind]}</strong>
              {period.change.kind !== 'stop' &&
                `: ${doseText(period.change.dose, period.change.unit)}${medicine.asNeeded ? ' quando precisar' : period.change.times.length ? ` às ${timesText(period.change.times)}` : ''}`}
            </p>
            {(period.change.reason || byName(period.change.recordedBy)) && (
              <p className="timeline-why">
                {period.change.reason ? `Motivo: ${period.change.reason}` : ''}
                {period.change.reason && byName(period.change.recordedBy) ? ' · ' : ''}
                {byName(period.change.recordedBy) ? `anotado por ${byName(period.change.recordedBy)}` : ''}
              </p>
            )}
          </li>
        ))}
      </ol>
      {canWrite && onChange && (
        <>
          {!medicine.asNeeded && medicine.times.length > 0 && onRemind && (
            <label className="remind-toggle">
              <input type="checkbox" checked={medicine.remind} onChange={(event) => onRemind(event.target.checked)} />
              <span>Lembrar nos horários</span>
            </label>
          )}
          <div className="contact-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange('dose')}>
              Mudar a dose<span className="sr-only"> de {medicine.name}</span>
            </button>
            {!medicine.asNeeded && (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange('times')}>
                Mudar os horários<span className="sr-only"> de {medicine.name}</span>
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-small entry-delete" onClick={() => onChange('stop')}>
              Parar<span className="sr-only"> {medicine.name}</span>
            </button>
          </div>
        </>
      )}
    </li>
  );
}

function TherapyCard({
  therapy,
  canWrite,
  onSession,
  onEnd,
}: {
  therapy: Therapy;
  canWrite: boolean;
  onSession: () => void;
  onEnd: () => void;
}) {
  const sessions = [...therapy.sessions].sort((a, b) => b.date.localeCompare(a.date));
  const attended = sessions.filter((s) => s.attended).length;
  return (
    <li className="entry therapy">
      <div className="entry-head">
        <h3 className="medicine-name">{THERAPY_KINDS[therapy.kind]}</h3>
        {therapy.endedOn && <span className="badge">Encerrada em {formatDay(therapy.endedOn)}</span>}
      </div>
      <p className="contact-meta">
        {therapy.professionalName ? `Com ${therapy.professionalName} · ` : ''}
        {therapy.frequency ? `${therapy.frequency} · ` : ''}
        desde {formatDay(therapy.startedOn)}
      </p>
      {sessions.length > 0 ? (
        <>
          <p className="therapy-count">
            {attended} de {count(sessions.length, 'sessão', 'sessões')} com presença
          </p>
          <ul className="sessions">
            {sessions.slice(0, 5).map((s) => (
              <li key={s.id}>
                <span className="session-when">{formatDay(s.date)}</span>{' '}
                <span className={s.attended ? 'badge badge-baixa' : 'badge badge-media'}>
                  {s.attended ? 'foi' : 'faltou'}
                </span>
                {s.note && <p className="session-note">Para casa: {s.note}</p>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted small">Nenhuma sessão anotada ainda.</p>
      )}
      {canWrite && !therapy.endedOn && (
        <div className="contact-actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={onSession}>
            Anotar sessão<span className="sr-only"> de {THERAPY_KINDS[therapy.kind]}</span>
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={onEnd}>
            Encerrar<span className="sr-only"> {THERAPY_KINDS[therapy.kind]}</span>
          </button>
        </div>
      )}
    </li>
  );
}
