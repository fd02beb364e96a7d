/** A medicine with the timeline of what was in force when, and a therapy with its sessions. */
import {
  byName,
  type Medicine,
  periodsOf,
  regimenText,
  THERAPY_KINDS,
  type Therapy,
  timesText,
} from '../../lib/treatment.ts';
import { formatDay } from '../../shared/format.ts';
import { MEDICINE_EVENT_LABELS } from '../../shared/treatment-words.ts';
import { count, doseText } from '../../shared/words.ts';
import type { ChangeKind } from './ChangeDialog.tsx';

/** The report uses the same words. */
const KIND_LABEL = MEDICINE_EVENT_LABELS;

export function MedicineCard({
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

export function TherapyCard({
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
