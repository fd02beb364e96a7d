/** One entry of a diary's history, as each kind shows it. */

import { useContext } from 'react';
import { asSchool, type DiaryEntry, type SchoolEntry } from '../../lib/resources.ts';
import { ATTENTION_WORDS } from '../../shared/enums.ts';
import { formatDay, formatEntryDate, formatMinutes } from '../../shared/format.ts';
import type { Shown } from '../useOfflineList.ts';
import { ChoicesContext } from './choices-context.ts';

type Of<K extends DiaryEntry['type']> = Extract<DiaryEntry, { type: K }>;

/** "Média" → "media": the badge's colour class. */
const badgeClass = (value: string) =>
  `badge badge-${value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()}`;

/** "Noite de 20/11/2026", "21/11/2026 às 14:05" or, for the school, "21/11/2026 · 2ª aula". */
export function whenOf(entry: DiaryEntry): string {
  const school = asSchool(entry);
  if (school) return [formatDay(school.date), school.period].filter(Boolean).join(' · ');
  if (entry.type === 'sleep') return `Noite de ${formatDay(entry.date)}`;
  return formatEntryDate(entry.date, entry.time);
}

/**
 * By when each entry happened, her date and time, newest first. Sorting is stable: on a tie the
 * list's own order stays (the server's, typed later first; entries waiting to be sent on top).
 */
export function inDayOrder<Row extends Pick<DiaryEntry, 'date' | 'time'>>(rows: readonly Row[]): Row[] {
  const when = (row: Row) => `${row.date}T${row.time}`;
  return [...rows].sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0));
}

/** Entries already in order, grouped under their day. */
export function byDay<Row extends Pick<DiaryEntry, 'date'>>(
  rows: readonly Row[],
): Array<{ date: string; entries: Row[] }> {
  const days: Array<{ date: string; entries: Row[] }> = [];
  for (const row of rows) {
    const last = days.at(-1);
    if (last?.date === row.date) last.entries.push(row);
    else days.push({ date: row.date, entries: [row] });
  }
  return days;
}

const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });
/** "Sábado, 21/11/2026": a day's heading in the history. */
export function weekdayTitle(date: string): string {
  const weekday = WEEKDAY.format(new Date(`${date}T12:00:00Z`));
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${formatDay(date)}`;
}

export function summaryOf(entry: DiaryEntry): string {
  const school = asSchool(entry);
  const text = school
    ? school.behavior
    : entry.type === 'behavior'
      ? entry.behavior
      : entry.type === 'food'
        ? entry.meal
        : whenOf(entry);
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
  const choices = useContext(ChoicesContext);
  const after = entry.afterMeal
    ? (choices?.afterMeal.find((choice) => choice.key === entry.afterMeal)?.label ?? null)
    : null;
  return (
    <dl>
      <dt>Refeição</dt>
      <dd>{entry.meal}</dd>
      <dt>Alimentos</dt>
      <dd>{entry.foods}</dd>
      {after && (
        <>
          <dt>Depois da refeição</dt>
          <dd>{after}</dd>
        </>
      )}
      {entry.reaction && (
        <>
          <dt>{after ? 'Com suas palavras' : 'Reação'}</dt>
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

function School({ entry }: { entry: SchoolEntry }) {
  const rows: Array<[string, string | null | undefined]> = [
    ['Atividade', entry.activity],
    ['O que aconteceu antes', entry.antecedent],
    ['O que fez', entry.behavior],
    ['O que o adulto fez', entry.consequence],
    ['O que ajudou', entry.helped],
    ['Atenção', entry.attention ? `${entry.attention} de 5 · ${ATTENTION_WORDS[entry.attention] ?? ''}` : null],
    ['Quem observou', entry.observer],
  ];
  return (
    <dl>
      {rows
        .filter(([, value]) => value)
        .map(([term, value]) => (
          <div key={term} className="dl-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function Entry({
  entry,
  onDelete,
  onEdit,
  author,
  underDay = false,
}: {
  entry: Shown<DiaryEntry>;
  /** absent when she may not delete it (a carer deletes only what she recorded; a viewer nothing) */
  onDelete?: () => void;
  onEdit?: () => void;
  /** "registrado por Carlos", when someone else's hand is worth saying */
  author?: string | null;
  /** listed under its day's heading: the time (or the school's lesson) says the rest */
  underDay?: boolean;
}) {
  const when = whenOf(entry);
  const school = asSchool(entry);
  const shownWhen = !underDay
    ? when
    : school
      ? school.period || 'Escola'
      : entry.type === 'sleep'
        ? when
        : `às ${entry.time.slice(0, 5)}`;
  return (
    <li className={`entry ${entry.pending ? 'is-pending' : ''}`}>
      <div className="entry-head">
        <p className="entry-when">{shownWhen}</p>
        {entry.pending && <span className="badge badge-pending">Aguardando sincronização</span>}
        {school && <span className="badge badge-school">escola · {school.label}</span>}
        {entry.type === 'behavior' && (
          <span className={badgeClass(entry.intensity)}>Intensidade {entry.intensity}</span>
        )}
        {entry.type === 'food' && <span className={badgeClass(entry.mood)}>{entry.mood}</span>}
      </div>
      {entry.type === 'behavior' && <Behavior entry={entry} />}
      {entry.type === 'food' && <Food entry={entry} />}
      {entry.type === 'sleep' && <Sleep entry={entry} />}
      {school && <School entry={school} />}
      {author && <p className="entry-author">{author}</p>}
      <div className="entry-actions">
        {onEdit && !entry.pending && (
          <button type="button" className="btn btn-ghost" onClick={onEdit}>
            Corrigir<span className="sr-only"> o registro da {when.toLowerCase()}</span>
          </button>
        )}
        {onDelete && (
          <button type="button" className="btn btn-ghost entry-delete" onClick={onDelete}>
            Excluir<span className="sr-only"> o registro de {when}</span>
          </button>
        )}
      </div>
    </li>
  );
}
