/**
 * "Não foi salvo" (issue 37): every write the server refused after it waited in the queue, at the
 * top of the page until she says "Entendi" — what it was, why, what she typed ("Ver o que
 * escrevi") and "Copiar". Also every write still on the device whose last try got an answer that
 * was not the operation's (a Wi-Fi's login page) or failed in the app (issue 54): "Tentar de novo"
 * sends it again, "Descartar" drops it once she chooses to. Plain DOM, loaded only when something
 * was refused or is stuck (the app shell reads REFUSED_FLAG; the queue loads it when it refuses one
 * or one is stuck), so pages carry none of it otherwise. Only the signed-in account's are shown.
 */

import { QUEUE_ACTION, queue, REFUSED_FLAG, type RefusedOp, refused } from '../stores/queue.ts';
import { el } from './dom.ts';
import type { QueuedOp } from './queued-ops.ts';
import { dismissRefused, loadRefused } from './refused.ts';
import { refusalReason, refusedWords } from './refused-words.ts';

const TITLE_ID = 'nao-foi-salvo-titulo';
const REFUSED_INTRO =
  'O servidor recusou o que foi feito sem internet. O que você escreveu está guardado aqui neste aparelho até você tocar em “Entendi”.';
const STUCK_INTRO =
  'O que tem “Tentar de novo” ainda não chegou ao servidor: continua guardado neste aparelho até ser enviado ou você descartar.';
const intro = el('p', { className: 'refused-intro' });
let panel: HTMLElement | null = null;
let list: HTMLUListElement | null = null;
/** one item per refused operation, by its id: a change of the list keeps what is open */
const items = new Map<string, HTMLLIElement>();

const srOnly = (text: string) => el('span', { className: 'sr-only', textContent: text });

/** Puts the text in the clipboard; where the browser refuses, selects it for her to copy. */
async function copy(text: string, shown: HTMLElement, details: HTMLDetailsElement, status: HTMLElement) {
  try {
    if (!navigator.clipboard) throw new Error('sem área de transferência');
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copiado. Agora é só colar onde quiser.';
  } catch {
    details.open = true;
    const range = document.createRange();
    range.selectNodeContents(shown);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    status.textContent = 'O texto está selecionado: toque nele e segure para copiar.';
  }
}

/** An item of the panel: a refused write (with "Entendi"), or a stuck one ("Tentar de novo", "Descartar"). */
interface Shown {
  key: string;
  op: QueuedOp;
  why: string;
  stuck: boolean;
}

const button = (text: string, className: string, title: string) =>
  el('button', { type: 'button', className: `btn ${className} btn-small` }, text, srOnly(` (${title})`));

/**
 * Asks the queue's runner (loaded whenever a stuck write is shown: it is what shows it) to send the
 * queue again or drop one write; resolves once it has. An event, so the panel and the runner, which
 * loads the panel, never import each other.
 */
const askQueue = (action: 'retry' | 'discard', id: string) =>
  new Promise<void>((done) => window.dispatchEvent(new CustomEvent(QUEUE_ACTION, { detail: { action, id, done } })));

function itemFor(shown: Shown): HTMLLIElement {
  const { op } = shown;
  const words = refusedWords(op);
  const headingId = `recusado-${op.id}`;
  const heading = el('h3', { id: headingId, className: 'refused-title', textContent: words.title, tabIndex: -1 });
  const why = el('p', { className: 'refused-why' }, el('strong', { textContent: 'Por quê: ' }), shown.why);
  // What it was and why: a toast never sits over them (src/lib/toast.ts).
  for (const text of [heading, why]) text.setAttribute('data-toast-avoid', '');
  const status = el('p', { className: 'refused-status' });
  status.setAttribute('role', 'status');
  const actions = el('div', { className: 'refused-actions' });
  const item = el('li', { className: `refused-item${shown.stuck ? ' is-stuck' : ''}` }, heading, why);
  if (shown.stuck)
    item.append(
      el('p', {
        className: 'refused-kept',
        textContent: 'Ainda não foi enviado. Quando a internet estiver normal, toque em “Tentar de novo”.',
      }),
    );
  if (words.typed) {
    const typed = el('p', { className: 'refused-typed', textContent: words.typed });
    const details = el(
      'details',
      { className: 'refused-details' },
      el('summary', {}, 'Ver o que escrevi', srOnly(` em ${words.title}`)),
      typed,
    );
    item.append(details);
    const copyButton = el(
      'button',
      { type: 'button', className: 'btn btn-secondary btn-small' },
      'Copiar',
      srOnly(` o que escrevi em ${words.title}`),
    );
    copyButton.addEventListener('click', () => void copy(words.typed, typed, details, status));
    actions.append(copyButton);
  }
  if (words.link)
    actions.append(el('a', { className: 'btn btn-ghost btn-small', href: words.link.href }, words.link.text));
  const position = () => [...items.keys()].indexOf(shown.key);
  if (shown.stuck) {
    const again = button('Tentar de novo', 'btn-primary', words.title);
    again.addEventListener('click', () => {
      again.disabled = true;
      status.textContent = 'Enviando…';
      void askQueue('retry', op.id).finally(() => {
        again.disabled = false;
        // Still here: the answer again was not the operation's, or the connection is away.
        if (items.has(shown.key)) status.textContent = 'Ainda não foi enviado. Está guardado neste aparelho.';
      });
    });
    const discard = button('Descartar', 'btn-ghost', words.title);
    discard.addEventListener('click', () => {
      discard.disabled = true;
      const at = position();
      void askQueue('discard', op.id).then(() => focusAfter(at));
    });
    actions.append(again, discard);
  } else {
    const understood = button('Entendi', 'btn-primary', words.title);
    understood.addEventListener('click', () => {
      understood.disabled = true;
      const at = position();
      void dismissRefused(op.id).then(() => focusAfter(at));
    });
    actions.append(understood);
  }
  item.append(actions, status);
  return item;
}

/** After "Entendi": the next item's title, or the page itself once nothing is left. */
function focusAfter(index: number) {
  const remaining = [...items.values()];
  const next = remaining[Math.min(index, remaining.length - 1)];
  if (next) next.querySelector<HTMLElement>('.refused-title')?.focus();
  else document.getElementById('conteudo')?.focus();
}

function render(entries: readonly Shown[]) {
  if (!entries.length) {
    panel?.remove();
    panel = list = null;
    items.clear();
    return;
  }
  intro.textContent = entries.some((entry) => !entry.stuck)
    ? REFUSED_INTRO + (entries.some((entry) => entry.stuck) ? ` ${STUCK_INTRO}` : '')
    : STUCK_INTRO;
  if (!panel || !list) {
    list = el('ul', { className: 'refused-list' });
    const section = el(
      'section',
      { className: 'refused-panel' },
      el('h2', { id: TITLE_ID, className: 'refused-heading', textContent: 'Não foi salvo' }),
      intro,
      list,
    );
    section.setAttribute('aria-labelledby', TITLE_ID);
    panel = el('div', { className: 'container' }, section);
    const main = document.getElementById('conteudo') ?? document.body;
    main.prepend(panel);
  }
  const keys = new Set(entries.map((entry) => entry.key));
  for (const [key, item] of items)
    if (!keys.has(key)) {
      item.remove();
      items.delete(key);
    }
  entries.forEach((entry) => {
    if (items.has(entry.key)) return;
    const item = itemFor(entry);
    items.set(entry.key, item);
    list?.append(item);
  });
}

/**
 * A note changed on two phones is settled where it is written: on its own guide page the notes
 * show both texts (src/islands/ObservationNotes.tsx), so the panel leaves it to them there.
 */
const settledHere = (entry: RefusedOp) =>
  entry.code === 'edit_conflict' && refusedWords(entry.op).link?.href === window.location.pathname;

/** The refused ones (but a note settled on its own page), then the stuck ones of the queue, in order. */
function shownNow(): Shown[] {
  const refusedNow = refused
    .get()
    .filter((entry) => !settledHere(entry))
    .map((entry) => ({ key: `r:${entry.op.id}`, op: entry.op, why: refusalReason(entry, entry.op), stuck: false }));
  const stuckNow = queue
    .get()
    .ops.flatMap((op) =>
      op.stuck ? [{ key: `s:${op.id}:${op.stuck.at}`, op, why: op.stuck.message, stuck: true }] : [],
    );
  return [...refusedNow, ...stuckNow];
}

refused.subscribe(() => render(shownNow()));
queue.listen(() => render(shownNow()));
void loadRefused();
// Another tab refused or dismissed one: this page follows.
window.addEventListener('storage', (event) => {
  if (event.key === REFUSED_FLAG) void loadRefused();
});
