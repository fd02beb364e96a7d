/**
 * "Não foi salvo" (issue 37): every write the server refused after it waited in the queue, at the
 * top of the page until she says "Entendi" — what it was, why, what she typed ("Ver o que
 * escrevi") and "Copiar". Plain DOM, loaded only when something was refused (the app shell reads
 * REFUSED_FLAG; the queue loads it when it refuses one), so pages carry none of it otherwise.
 */
import { REFUSED_FLAG, type RefusedOp, refused } from '../stores/queue.ts';
import { el } from './dom.ts';
import { dismissRefused, loadRefused } from './refused.ts';
import { refusalReason, refusedWords } from './refused-words.ts';

const TITLE_ID = 'nao-foi-salvo-titulo';
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

function itemFor(entry: RefusedOp): HTMLLIElement {
  const words = refusedWords(entry.op);
  const headingId = `recusado-${entry.op.id}`;
  const heading = el('h3', { id: headingId, className: 'refused-title', textContent: words.title, tabIndex: -1 });
  const why = el(
    'p',
    { className: 'refused-why' },
    el('strong', { textContent: 'Por quê: ' }),
    refusalReason(entry, entry.op),
  );
  const status = el('p', { className: 'refused-status' });
  status.setAttribute('role', 'status');
  const actions = el('div', { className: 'refused-actions' });
  const item = el('li', { className: 'refused-item' }, heading, why);
  if (words.typed) {
    const shown = el('p', { className: 'refused-typed', textContent: words.typed });
    const details = el(
      'details',
      { className: 'refused-details' },
      el('summary', {}, 'Ver o que escrevi', srOnly(` em ${words.title}`)),
      shown,
    );
    item.append(details);
    const copyButton = el(
      'button',
      { type: 'button', className: 'btn btn-secondary btn-small' },
      'Copiar',
      srOnly(` o que escrevi em ${words.title}`),
    );
    copyButton.addEventListener('click', () => void copy(words.typed, shown, details, status));
    actions.append(copyButton);
  }
  if (words.link)
    actions.append(el('a', { className: 'btn btn-ghost btn-small', href: words.link.href }, words.link.text));
  const understood = el(
    'button',
    { type: 'button', className: 'btn btn-primary btn-small' },
    'Entendi',
    srOnly(` (${words.title})`),
  );
  understood.addEventListener('click', () => {
    understood.disabled = true;
    const position = [...items.keys()].indexOf(entry.op.id);
    void dismissRefused(entry.op.id).then(() => focusAfter(position));
  });
  actions.append(understood);
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

function render(entries: readonly RefusedOp[]) {
  if (!entries.length) {
    panel?.remove();
    panel = list = null;
    items.clear();
    return;
  }
  if (!panel || !list) {
    list = el('ul', { className: 'refused-list' });
    const section = el(
      'section',
      { className: 'refused-panel' },
      el('h2', { id: TITLE_ID, className: 'refused-heading', textContent: 'Não foi salvo' }),
      el('p', {
        className: 'refused-intro',
        textContent:
          'O servidor recusou o que foi feito sem internet. O que você escreveu está guardado aqui neste aparelho até você tocar em “Entendi”.',
      }),
      list,
    );
    section.setAttribute('aria-labelledby', TITLE_ID);
    panel = el('div', { className: 'container' }, section);
    const main = document.getElementById('conteudo') ?? document.body;
    main.prepend(panel);
  }
  const ids = new Set(entries.map((entry) => entry.op.id));
  for (const [id, item] of items)
    if (!ids.has(id)) {
      item.remove();
      items.delete(id);
    }
  entries.forEach((entry) => {
    if (items.has(entry.op.id)) return;
    const item = itemFor(entry);
    items.set(entry.op.id, item);
    list?.append(item);
  });
}

/**
 * A note changed on two phones is settled where it is written: on its own guide page the notes
 * show both texts (src/islands/ObservationNotes.tsx), so the panel leaves it to them there.
 */
const settledHere = (entry: RefusedOp) =>
  entry.code === 'edit_conflict' && refusedWords(entry.op).link?.href === window.location.pathname;

refused.subscribe((entries) => render(entries.filter((entry) => !settledHere(entry))));
void loadRefused();
// Another tab refused or dismissed one: this page follows.
window.addEventListener('storage', (event) => {
  if (event.key === REFUSED_FLAG) void loadRefused();
});
