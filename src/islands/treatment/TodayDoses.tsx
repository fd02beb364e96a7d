/**
 * Today's doses at a glance: each time of each current medicine, one tap to mark it given (or not
 * given), undo; the as-needed medicines with "Dar agora", which warns when the minimum interval has
 * not passed since the last dose and lets her confirm.
 */
import { useState } from 'react';
import { byName, clockOf, type Dose, dayOf, lastWithin, type Medicine, slotsOn, TooSoon } from '../../lib/treatment.ts';
import { formatDay } from '../../shared/format.ts';
import { amount, doseText } from '../../shared/words.ts';
import Dialog from '../Dialog.tsx';
import type { ShownDose, useDoses } from './useDoses.ts';

interface Props {
  today: string;
  medicines: Medicine[];
  doses: ReturnType<typeof useDoses>;
  canWrite: boolean;
  onPaywall: () => void;
}

/** "dado por Carlos às 07:12", "não dado". */
function doneText(dose: ShownDose): string {
  const who = byName(dose.recordedBy);
  if (dose.status === 'skipped') return who ? `não dado · marcado por ${who}` : 'não dado';
  return `dado${who ? ` por ${who}` : ''} às ${clockOf(dose.at)}`;
}

/** When the last dose was given, as she reads it: "às 14:10" today, "em 25/11/2026 às 22:40" before. */
function whenText(instant: string, today: string): string {
  const day = dayOf(instant);
  return day === today ? `às ${clockOf(instant)}` : `em ${formatDay(day)} às ${clockOf(instant)}`;
}

interface TooSoonState {
  medicine: Medicine;
  lastGivenAt: string | null;
}

export default function TodayDoses({ today, medicines, doses, canWrite, onPaywall }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [tooSoon, setTooSoon] = useState<TooSoonState | null>(null);
  const slots = slotsOn(today, medicines);
  const asNeeded = medicines.filter((m) => m.current && m.asNeeded);
  // today's and those of the days the longest interval reaches back (Treatment.tsx)
  const todays = doses.doses;

  async function mark(
    key: string,
    medicine: Medicine,
    scheduledFor: string | null,
    status: Dose['status'],
    confirm = false,
  ) {
    setBusy(key);
    const outcome = await doses.mark(
      {
        medicineId: medicine.id,
        ...(scheduledFor ? { scheduledFor } : {}),
        status,
        at: new Date().toISOString(),
        ...(confirm ? { confirmTooSoon: true } : {}),
      },
      `${medicine.name} ${doseText(medicine.dose, medicine.unit)}`.trim(),
    );
    setBusy(null);
    if (outcome === 'paywall') onPaywall();
    if (outcome instanceof TooSoon) setTooSoon({ medicine, lastGivenAt: outcome.lastGivenAt });
  }

  /**
   * As-needed: offline, the device asks the server's own check (shared/adherence.ts) of the doses it
   * knows, which reach back across midnight (a dose at 23:00 warns at 01:00).
   */
  function giveNow(medicine: Medicine) {
    if (!navigator.onLine) {
      const last = lastWithin(medicine, todays, new Date());
      if (last) {
        setTooSoon({ medicine, lastGivenAt: last.at });
        return;
      }
    }
    void mark(`agora-${medicine.id}`, medicine, null, 'given');
  }

  if (!slots.length && !asNeeded.length) return null;
  return (
    <section className="card today-doses" aria-labelledby="doses-de-hoje">
      <h2 id="doses-de-hoje">Doses de hoje</h2>
      {doses.status === 'error' && (
        <p className="notice notice-warning" role="alert">
          Não foi possível ver o que já foi marcado hoje.{' '}
          <button type="button" className="link-button" onClick={() => void doses.reload()}>
            Tentar de novo
          </button>
        </p>
      )}
      {slots.length > 0 && (
        <ul className="doses">
          {slots.map((slot) => {
            // Two phones offline can both mark one time: every mark is shown, none hidden behind the first.
            const marks = todays.filter(
              (d) => d.medicineId === slot.medicine.id && d.scheduledFor === slot.scheduledFor,
            );
            const done = marks[0];
            const what = `${slot.medicine.name} ${doseText(slot.medicine.dose, slot.medicine.unit)}`;
            const key = slot.scheduledFor + slot.medicine.id;
            return (
              <li
                key={key}
                className={`dose${done ? ` is-${marks.some((m) => m.status === 'given') ? 'given' : done.status}` : ''}${marks.some((m) => m.pending) ? ' is-pending' : ''}${marks.length > 1 ? ' is-double' : ''}`}
              >
                <p className="dose-line">
                  <span className="dose-time">{slot.time}</span>
                  <span aria-hidden="true"> · </span>
                  <span className="dose-what">{what}</span>
                </p>
                {done ? (
                  marks.map((marked) => (
                    <div className="dose-done" key={marked.id}>
                      <p className="dose-status" role="status">
                        {doneText(marked)}
                        {marked.pending && <span className="badge badge-pending">Aguardando conexão</span>}
                        {marks.length > 1 && <span className="badge badge-alta">possível dose dupla</span>}
                      </p>
                      {canWrite && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-small"
                          onClick={() => void doses.undo(marked)}
                        >
                          Desfazer<span className="sr-only"> {`${what} das ${slot.time}`}</span>
                        </button>
                      )}
                    </div>
                  ))
                ) : canWrite ? (
                  <div className="dose-actions">
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      disabled={busy === key}
                      onClick={() => void mark(key, slot.medicine, slot.scheduledFor, 'given')}
                    >
                      Dar<span className="sr-only"> {`${what} das ${slot.time}`}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      disabled={busy === key}
                      onClick={() => void mark(key, slot.medicine, slot.scheduledFor, 'skipped')}
                    >
                      Não dado<span className="sr-only"> {`${what} das ${slot.time}`}</span>
                    </button>
                  </div>
                ) : (
                  <p className="dose-status muted">ainda não marcado</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {asNeeded.length > 0 && (
        <>
          <h3 className="doses-subtitle">Quando precisar</h3>
          <ul className="doses">
            {asNeeded.map((medicine) => {
              const given = todays
                .filter(
                  (d) =>
                    d.medicineId === medicine.id && !d.scheduledFor && d.status === 'given' && dayOf(d.at) === today,
                )
                .sort((a, b) => b.at.localeCompare(a.at));
              const what = `${medicine.name} ${doseText(medicine.dose, medicine.unit)}`;
              return (
                <li key={medicine.id} className="dose">
                  <p className="dose-line">
                    <span className="dose-what">{what}</span>
                  </p>
                  {given.length > 0 && (
                    <ul className="dose-given">
                      {given.map((dose) => (
                        <li key={dose.id}>
                          {doneText(dose)}
                          {dose.pending && <span className="badge badge-pending">Aguardando conexão</span>}
                          {dose.overlap && <span className="badge badge-alta">possível dose dupla</span>}
                          {canWrite && (
                            <button type="button" className="link-button" onClick={() => void doses.undo(dose)}>
                              Desfazer
                              <span className="sr-only">
                                {' '}
                                a dose de {what} das {clockOf(dose.at)}
                              </span>
                            </button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  {canWrite && (
                    <div className="dose-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={busy === `agora-${medicine.id}`}
                        onClick={() => giveNow(medicine)}
                      >
                        Dar agora<span className="sr-only"> {what}</span>
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Dialog open={tooSoon !== null} onClose={() => setTooSoon(null)} title="Ainda não passou o intervalo">
        {tooSoon && (
          <>
            <p>
              {tooSoon.lastGivenAt
                ? `A última dose de ${tooSoon.medicine.name} foi dada ${whenText(tooSoon.lastGivenAt, today)}.`
                : `${tooSoon.medicine.name} foi dado há pouco tempo.`}{' '}
              {tooSoon.medicine.minIntervalHours
                ? `O intervalo mínimo anotado é de ${amount(tooSoon.medicine.minIntervalHours)} h.`
                : ''}
            </p>
            <p>Na dúvida, fale com o médico antes de dar outra dose.</p>
            <div className="dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={() => setTooSoon(null)}>
                Não dar agora
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  const { medicine } = tooSoon;
                  setTooSoon(null);
                  void mark(`agora-${medicine.id}`, medicine, null, 'given', true);
                }}
              >
                Registrar mesmo assim
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
