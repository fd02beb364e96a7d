/**
 * /escola/cartao/?token=… (issue 43): the teacher's 30 seconds, without React (decision 0037): the
 * page's JS stays under 50 kB. Today's card of the child, a big "sim"/"não" for each target and
 * part of the day, an optional line, "Enviar". Without a connection the marks wait on this device
 * and go by themselves when it returns, once (the send's id). Sending again the same day corrects it;
 * each send carries the day as the page opened it (`base`): only what she changed is applied, so a
 * part the family copied from the paper card meanwhile stays (decision 0044).
 */
import { addDays } from '../shared/clock.ts';
import { partNames } from '../shared/daily-card-words.ts';
import { ApiError } from './api-error.ts';
import { loadSchoolCard, type Pending, pendingOf, type SchoolCard, sendSchoolCard } from './school-card.ts';

const GONE = 'Este link não está mais ativo. Peça um novo à família.';
/** The teacher's line, as the API takes it (CARD_LIMITS.note in src/shared/daily-card.ts). */
const NOTE_MAX = 280;
type Answers = Record<string, Array<boolean | undefined>>;

const root = document.getElementById('teacher-card')!;
const token = new URLSearchParams(window.location.search).get('token') ?? '';
/** the day the link opened on (today): the teacher may go back one day to correct it */
let today: string | null = null;
let waiting: { pending: Pending; card: SchoolCard } | null = null;

/** A tag with its attributes (`text` sets its text) and children. */
function h(tag: string, attrs: Record<string, string | boolean> = {}, ...children: Array<Node | string>) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'text') el.textContent = String(value);
    else if (value === true) el.setAttribute(key, '');
    else if (value !== false) el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

const show = (...nodes: Node[]) => root.replaceChildren(...nodes);
/** The page's own heading (static, so nothing moves when the card comes) gains the child's name. */
const titled = (card: SchoolCard) => {
  document.getElementById('teacher-card-title')!.textContent = `Cartão do dia de ${card.childFirstName}`;
};
const dayText = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const alertOf = (message: string) => h('p', { class: 'card-alert', role: 'alert', text: message });

async function open(date?: string) {
  try {
    const card = await loadSchoolCard(token, date);
    if (!date) today = card.date;
    form(card);
  } catch (err) {
    const offline = err instanceof ApiError && err.code === 'network';
    show(alertOf(offline ? 'Sem conexão agora. Abra o link de novo quando a internet voltar.' : GONE));
  }
}

async function deliver(pending: Pending, card: SchoolCard) {
  try {
    await sendSchoolCard(pending);
    waiting = null;
    done(card, true);
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'network' || err.status >= 500)) {
      waiting = { pending, card };
      done(card, false);
    } else if (err instanceof ApiError && err.status === 404) show(alertOf(GONE));
    else form(card, err instanceof ApiError ? err.message : 'Não foi possível enviar agora.');
  }
}

/** Sent, or waiting on this device; "Corrigir" opens the day again. */
function done(card: SchoolCard, sent: boolean) {
  const again = h('button', { type: 'button', class: 'btn btn-secondary', text: 'Corrigir' });
  again.addEventListener('click', () => void open(card.date === today ? undefined : card.date));
  titled(card);
  show(
    h('p', {
      class: sent ? 'card-done' : 'notice',
      role: 'status',
      text: sent
        ? `Enviado. Obrigada! A família de ${card.childFirstName} já vê as marcações de ${dayText(card.date)}.`
        : 'Sem conexão agora: as marcações ficaram guardadas neste aparelho e vão sozinhas quando a internet voltar.',
    }),
    again,
  );
}

function form(card: SchoolCard, problem?: string) {
  const answers: Answers = structuredClone(card.day?.marks ?? {});
  const targets = card.targets.map((target) =>
    h(
      'div',
      { class: 'card-target' },
      h('h2', { text: target.text }),
      ...partNames(target.parts).map((part, i) => {
        const name = `${target.id}-${i}`;
        const labels = ([true, false] as const).map((value) => {
          const input = h('input', { type: 'radio', name, checked: answers[target.id]?.[i] === value });
          const label = h('label', {}, input, h('span', { text: value ? 'Sim' : 'Não' }));
          input.addEventListener('change', () => {
            const list = answers[target.id] ?? [];
            list[i] = value;
            answers[target.id] = list;
            for (const [n, other] of labels.entries())
              other.className = n === (value ? 0 : 1) ? `is-selected is-${value ? 'yes' : 'no'}` : '';
          });
          if (answers[target.id]?.[i] === value) label.className = `is-selected is-${value ? 'yes' : 'no'}`;
          return label;
        });
        return h(
          'fieldset',
          { class: 'yes-no' },
          h(
            'legend',
            {},
            h('span', { class: 'sr-only', text: `${target.text}: ` }),
            target.parts === 1 ? 'Hoje' : `${part} do dia`,
          ),
          h('div', { class: 'yes-no-options' }, ...labels),
        );
      }),
    ),
  );
  const note = h('textarea', { id: 'teacher-note', rows: '2', maxlength: String(NOTE_MAX) }) as HTMLTextAreaElement;
  note.value = card.day?.note ?? '';
  const slot = h('div', {}, ...(problem ? [alertOf(problem)] : []));
  const other = h('button', {
    type: 'button',
    class: 'btn btn-ghost btn-small',
    text: card.date === today ? 'Marcar ou corrigir ontem' : 'Voltar para hoje',
  });
  other.addEventListener('click', () => void open(card.date === today && today ? addDays(today, -1) : undefined));
  titled(card);
  const el = h(
    'form',
    { class: 'card-section', novalidate: true },
    h('p', {
      class: 'muted',
      text:
        card.date === today
          ? `Hoje, ${dayText(card.date)}.`
          : `Ontem, ${dayText(card.date)}: dá para marcar ou corrigir.`,
    }),
    ...targets,
    h(
      'div',
      { class: 'field' },
      h(
        'label',
        { for: 'teacher-note' },
        'Quer deixar um recado? ',
        h('span', { class: 'optional', text: '(opcional)' }),
      ),
      note,
    ),
    slot,
    h('button', { type: 'submit', class: 'btn btn-primary btn-block', text: 'Enviar' }),
    ...(today ? [other] : []),
  );
  el.addEventListener('submit', (event) => {
    event.preventDefault();
    const marks: Record<string, boolean[]> = {};
    for (const target of card.targets) {
      const list = Array.from({ length: target.parts }, (_, i) => answers[target.id]?.[i]);
      if (list.every((a) => a === undefined)) continue;
      if (list.some((a) => a === undefined))
        return slot.replaceChildren(alertOf(`${target.text}: marque sim ou não em cada parte do dia.`));
      marks[target.id] = list as boolean[];
    }
    if (!Object.keys(marks).length)
      return slot.replaceChildren(alertOf('Marque sim ou não em pelo menos um objetivo.'));
    const text = note.value.trim();
    const base = card.day?.marks ?? {};
    void deliver({ token, date: card.date, body: { marks, base, id: crypto.randomUUID(), note: text } }, card);
  });
  show(el);
}

// What waits on this device goes as soon as the connection returns (or when the page opens again).
window.addEventListener('online', () => {
  if (waiting) void deliver(waiting.pending, waiting.card);
});
if (!token) show(alertOf(GONE));
else {
  const pending = pendingOf(token);
  void open().then(() => {
    if (pending && navigator.onLine) void loadSchoolCard(token, pending.date).then((card) => deliver(pending, card));
  });
}
