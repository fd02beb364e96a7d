/** One entry of a diary's history, as each kind shows it. */
import type { DiaryEntry } from '../../lib/resources.ts';
import { formatDay, formatEntryDate, formatMinutes } from '../../shared/format.ts';
import type { Shown } from '../useOfflineList.ts';

type Of<K extends DiaryEntry['type']> = Extract<DiaryEntry, { type: K }>;

/** "Média" → "media": the badge's colour class. */
const badgeClass = (value: string) =>
  `badge badge-${value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()}`;

/** "Noite de 20/11/2026" or "21/11/2026 às 14:05". */
export function whenOf(entry: DiaryEntry): string {
  if (entry.type === 'sleep') return `Noite de ${formatDay(entry.date)}`;
  return formatEntryDate(entry.date, entry.time);
}

export function summaryOf(entry: DiaryEntry): string {
  const text = entry.type === 'behavior' ? entry.behavior : entry.type === 'food' ? entry.meal : whenOf(entry);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function Behavior({ entry }: { entry: Of<'behavior'> }) {
  return (
    <dl>
      <dt>Comportamento</dt>
      <dd>{entry.behavior}</dd>
      <dt>Contexto</dt>
      <dd>{entry.context}</dd>
      {entry.consequence && (
        <>
          <dt>O que aconteceu depois</dt>
          <dd>{entry.consequence}</dd>
        </>
      )}
      {entry.durationMinutes !== null && (
        <>
          <dt>Duração</dt>
          <dd>{formatMinutes(entry.durationMinutes)}</dd>
        </>
      )}
      {entry.helped.length > 0 && (
        <>
          <dt>O que ajudou</dt>
          <dd>{entry.helped.join(' · ')}</dd>
        </>
      )}
    </dl>
  );
}

function Food({ entry }: { entry: Of<'food'> }) {
  return (
    <dl>
      <dt>Refeição</dt>
      <dd>{entry.meal}</dd>
      <dt>Alimentos</dt>
      <dd>{entry.foods}</dd>
      {entry.reaction && (
        <>
          <dt>Reação</dt>
          <dd>{entry.reaction}</dd>
        </>
      )}
    </dl>
  );
}

function Sleep({ entry }: { entry: Of<'sleep'> }) {
  return (
    <dl>
      <dt>Dormiu</dt>
      <dd>
        {formatMinutes(entry.sleepMinutes)} · deitou às {entry.bedtime}
        {entry.asleepAt ? `, dormiu às ${entry.asleepAt}` : ''}, acordou às {entry.wokeAt}
      </dd>
      <dt>Despertares à noite</dt>
      <dd>{entry.nightWakings === 0 ? 'Nenhum' : entry.nightWakings}</dd>
      {entry.notes && (
        <>
          <dt>Observações</dt>
          <dd>{entry.notes}</dd>
        </>
      )}
    </dl>
  );
}

export function Entry({
  entry,
  onDelete,
  onEdit,
}: {
  entry: Shown<DiaryEntry>;
  onDelete: () => void;
  onEdit?: () => void;
}) {
  const when = whenOf(entry);
  return (
    <li className={`entry ${entry.pending ? 'is-pending' : ''}`}>
      <div className="entry-head">
        <p className="entry-when">{when}</p>
        {entry.pending && <span className="badge badge-pending">Aguardando sincronização</span>}
        {entry.type === 'behavior' && (
          <span className={badgeClass(entry.intensity)}>Intensidade {entry.intensity}</span>
        )}
        {entry.type === 'food' && <span className={badgeClass(entry.mood)}>{entry.mood}</span>}
      </div>
      {entry.type === 'behavior' && <Behavior entry={entry} />}
      {entry.type === 'food' && <Food entry={entry} />}
      {entry.type === 'sleep' && <Sleep entry={entry} />}
      <div className="entry-actions">
        {onEdit && !entry.pending && (
          <button type="button" className="btn btn-ghost" onClick={onEdit}>
            Corrigir<span className="sr-only"> o registro da {when.toLowerCase()}</span>
          </button>
        )}
        <button type="button" className="btn btn-ghost entry-delete" onClick={onDelete}>
          Excluir<span className="sr-only"> o registro de {when}</span>
        </button>
      </div>
    </li>
  );
}
