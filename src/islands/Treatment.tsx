/**
 * /tratamento/: what is given to the chosen child and what she is taken to (issue 28): today's
 * doses at a glance, the medicines with the timeline of what was in force when, and the therapies
 * with their sessions. Owner and carers write; a viewer sees. The forms load when first opened.
 */

import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { roleOf } from '../lib/circle.ts';
import { dayOf, type Medicine, THERAPY_KINDS, type Therapy } from '../lib/treatment.ts';
import { INTERVAL_DAYS } from '../shared/adherence.ts';
import { addDays } from '../shared/clock.ts';
import { ALERTS_EVERY_MS } from '../shared/dose-alerts.ts';
import { currentChild } from '../stores/child.ts';
import { refreshSession } from '../stores/session.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import LoadFailure, { ChildLoading } from './LoadFailure.tsx';
import { MedicineCard, TherapyCard } from './treatment/Cards.tsx';
import DoseAlerts, { useWhileVisible } from './treatment/DoseAlerts.tsx';
import TodayDoses from './treatment/TodayDoses.tsx';
import { useDoses } from './treatment/useDoses.ts';
import { useProfessionals, useTreatment } from './treatment/useTreatment.ts';
import { useHydratedStore } from './useHydrated.ts';
import { useMountedOnce } from './useMountedOnce.ts';

const Forms = () => import('./treatment/Forms.tsx');
const MedicineForm = lazy(() => Forms().then((m) => ({ default: m.MedicineForm })));
const TherapyForm = lazy(() => Forms().then((m) => ({ default: m.TherapyForm })));
const ChangeDialog = lazy(() => Forms().then((m) => ({ default: m.ChangeDialog })));
const SessionDialog = lazy(() => Forms().then((m) => ({ default: m.SessionDialog })));
const PaywallDialog = lazy(() => import('./PaywallDialog.tsx'));

type ChangeKind = 'dose' | 'times' | 'stop';

export default function Treatment() {
  const child = useHydratedStore(currentChild, null);
  const role = child ? roleOf(child) : 'owner';
  const canWrite = role !== 'viewer';
  const [today] = useState(() => dayOf(new Date()));
  const treatment = useTreatment(child?.id ?? null, today);
  // From as far back as the longest minimum interval: the check before giving looks across midnight.
  const doses = useDoses(child?.id ?? null, addDays(today, -INTERVAL_DAYS), today, role !== 'owner');
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
        <ChildLoading />
      </div>
    );

  const { medicines, therapies, status } = treatment;
  const current = medicines.filter((m) => m.current);
  const past = medicines.filter((m) => !m.current);
  const { replace, toggleRemind, endTherapy } = treatment;

  return (
    <div className="treatment">
      <p className="record-of" role="status">
        Tratamento de <strong>{child.name}</strong>
      </p>
      <DoseAlerts
        childId={child.id}
        childName={child.name}
        isOwner={role === 'owner'}
        onNews={doses.reload}
        asked={doses.sent}
      />
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
            {canWrite && (
              <AddSlot
                open={adding === 'medicine'}
                label="Adicionar remédio"
                primary
                onOpen={() => setAdding('medicine')}
              >
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
              </AddSlot>
            )}
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
            {canWrite && (
              <AddSlot
                open={adding === 'therapy'}
                label="Adicionar terapia"
                primary={false}
                onOpen={() => setAdding('therapy')}
              >
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
              </AddSlot>
            )}
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

/** Where a new medicine or therapy starts: its button (whose focus loads the forms), once tapped its form. */
function AddSlot({
  open,
  label,
  primary,
  onOpen,
  children,
}: {
  open: boolean;
  label: string;
  primary: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  return open ? (
    <Suspense fallback={<p role="status">Carregando…</p>}>{children}</Suspense>
  ) : (
    <button
      type="button"
      className={primary ? 'btn btn-primary btn-block' : 'btn btn-secondary btn-block'}
      onFocus={() => void Forms()}
      onClick={onOpen}
    >
      {label}
    </button>
  );
}
