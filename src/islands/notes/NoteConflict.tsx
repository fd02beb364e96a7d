/**
 * A note changed on two devices (issue 37): the server kept the other person's copy and refused
 * hers, so both texts are shown, whole and readable, and she keeps one or joins them. Nothing is
 * saved until she chooses; what she typed stays in the page (and in the refused list) until then.
 */
import { useEffect, useId, useRef } from 'react';
import { TIME_ZONE } from '../../shared/clock.ts';

/** The other copy, as the server's `edit_conflict` carries it. */
export interface OtherCopy {
  text: string;
  version: number;
  by: { id: string | null; name: string } | null;
  at: string;
}

interface Props {
  /** the server's sentence: "Esta anotação foi mudada por Carlos enquanto você estava sem internet." */
  message: string;
  other: OtherCopy;
  mine: string;
  /** whose the other copy is, as the buttons say it: "de Carlos", "do outro aparelho", "da outra pessoa" */
  whose: string;
  onChoose: (text: string) => void;
}

const savedAt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "25/11, 14:05" in Brasília time; nothing when the server's time is unreadable. */
function when(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : savedAt.format(date);
}

/** The lines of a text and of another that are the same, from the start (`fromEnd`: from the end). */
function sameLines(a: string[], b: string[], fromEnd: boolean, skip = 0): number {
  let n = 0;
  const at = (lines: string[], i: number) => (fromEnd ? lines[lines.length - 1 - i] : lines[i])?.trim();
  while (n < a.length - skip && n < b.length - skip && at(a, n) === at(b, n)) n++;
  return n;
}

/** Where two texts stop sharing whole sentences ("Dorme tarde. " of "Dorme tarde. Chora." and "Dorme tarde. Ri."). */
function sameSentences(a: string, b: string): number {
  let end = 0;
  for (let i = 0; i < a.length && a[i] === b[i]; i++)
    if (/[.!?]/.test(a[i]!) && /\s/.test(a[i + 1] ?? '') && a[i + 1] === b[i + 1]) end = i + 2;
  return end;
}

/**
 * Theirs first (it was saved first), a blank line, then hers, without repeating what both share
 * (issue 54): a version that holds the other whole is the join; lines both start or end with, and
 * sentences both start with, are written once.
 */
export function joinNotes(theirs: string, mine: string): string {
  const a = theirs.trim();
  const b = mine.trim();
  if (!a || b.includes(a)) return b;
  if (!b || a.includes(b)) return a;
  const x = a.split('\n');
  const y = b.split('\n');
  const head = sameLines(x, y, false);
  const tail = sameLines(x, y, true, head);
  if (head === 0 && tail === 0) {
    const shared = sameSentences(a, b);
    return shared ? `${a}\n\n${b.slice(shared).trim()}` : `${a}\n\n${b}`;
  }
  const middle = [x.slice(head, x.length - tail), y.slice(head, y.length - tail)]
    .map((lines) => lines.join('\n').trim())
    .filter(Boolean)
    .join('\n\n');
  return [x.slice(0, head).join('\n'), middle, x.slice(x.length - tail).join('\n')]
    .filter((part) => part.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

function Version({ title, detail, text }: { title: string; detail?: string | null; text: string }) {
  const id = useId();
  return (
    // The text she chooses from: a toast never sits over it (src/lib/toast.ts).
    <section className="note-version" aria-labelledby={id} data-toast-avoid="">
      <h3 id={id}>
        {title}
        {detail && <span className="note-version-when">{detail}</span>}
      </h3>
      {text.trim() ? <p className="note-version-text">{text}</p> : <p className="note-version-empty">(em branco)</p>}
    </section>
  );
}

export default function NoteConflict({ message, other, mine, whose, onChoose }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Moved here when the conflict appears, so she (and a screen reader) meets it at once.
  useEffect(() => heading.current?.focus(), []);
  const savedWhen = when(other.at);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group named by its heading, which takes the focus (a fieldset's legend cannot).
    <div className="note-conflict" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-help`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {message}
      </h2>
      <p id={`${id}-help`}>Nada foi apagado: as duas versões estão aqui. Escolha qual guardar, ou junte as duas.</p>
      <div className="note-versions">
        <Version title={`Versão ${whose}`} detail={savedWhen && `salva em ${savedWhen}`} text={other.text} />
        <Version title="A sua versão" detail="escrita neste aparelho" text={mine} />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => onChoose(joinNotes(other.text, mine))}>
          Juntar as duas
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onChoose(mine)}>
          Ficar com a minha
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onChoose(other.text)}>
          Ficar com a {whose}
        </button>
      </div>
    </div>
  );
}
