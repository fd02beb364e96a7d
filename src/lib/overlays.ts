/**
 * What every page carries on top (spec §2, §4, §8): the connection banner, the install card and
 * the single-instance guard's blocking modal. Plain DOM: no framework on pages that need none.
 */

import { PENDING_FLAG, queue, refused } from '../stores/queue.ts';
import { el } from './dom.ts';
import type { InstallPromptEvent, PromptHolder } from './install-card.ts';
import {
  AFTER_EVENT_MS,
  FALLBACK_AFTER_LOAD_MS,
  hasUsedApp,
  INSTALL_DISMISS_KEY,
  isDismissed,
  recordVisit,
  VISITS_KEY,
} from './install-rules.ts';
import {
  ACTIVE_ID_KEY,
  type GuardMessage,
  HEARTBEAT_EVERY_MS,
  InstanceGuardCore,
  OWNERSHIP_CHECK_EVERY_MS,
  PING_WAIT_MS,
} from './instance-guard-core.ts';
import { readJson, writeJson } from './storage.ts';

// ── connection banner ────────────────────────────────────────────────────────────────
const OFFLINE_TEXT = 'Sem conexão com a internet. O aplicativo funciona offline com dados em cache.';
const ONLINE_TEXT = 'Conexão restaurada! O aplicativo está sincronizado.';
const SENDING_TEXT = 'Conexão restaurada. Enviando o que ficou guardado…';
const NEEDS_HER_TEXT = 'Conexão restaurada. Algo feito sem internet ainda não foi salvo: veja o aviso na página.';
const WAITS_PLAN_TEXT = 'Conexão restaurada. O que ficou guardado espera uma assinatura para ser enviado.';

/**
 * What the banner may say once back online (issue 54): "sincronizado" only when nothing of hers
 * waits in the queue and nothing is open in "Não foi salvo" (a refusal, a note's two versions, a
 * write stuck on an answer that was not the server's). Before the queue's code has read what waits,
 * the flag says something does.
 */
function onlineText(): string {
  const { ops, blocked } = queue.get();
  if (refused.get().length || ops.some((op) => op.stuck)) return NEEDS_HER_TEXT;
  if (blocked) return WAITS_PLAN_TEXT;
  if (ops.length || (!queueRead && readJson(PENDING_FLAG))) return SENDING_TEXT;
  return ONLINE_TEXT;
}
/** The queue's code has published what waits (it sets the store once it has read it). */
let queueRead = false;

function connectionBanner() {
  const banner = el('div', { className: 'net-banner', hidden: true });
  banner.setAttribute('role', 'status');
  document.body.prepend(banner);
  let fade: ReturnType<typeof setTimeout> | undefined;
  let online = navigator.onLine;
  const show = (isOnline: boolean) => {
    online = isOnline;
    clearTimeout(fade);
    const text = isOnline ? onlineText() : OFFLINE_TEXT;
    banner.className = `net-banner ${isOnline ? 'is-online' : 'is-offline'}`;
    banner.textContent = text;
    banner.hidden = false;
    // Synchronised: it goes after a moment. Anything else stays until it changes (what she must see).
    if (isOnline && text !== SENDING_TEXT)
      fade = setTimeout(() => (banner.hidden = true), text === ONLINE_TEXT ? 3000 : 8000);
  };
  if (!navigator.onLine) show(false);
  window.addEventListener('offline', () => show(false));
  window.addEventListener('online', () => show(true));
  // Sent or settled while the banner says so: it follows.
  const follow = () => {
    if (online && !banner.hidden && banner.textContent !== onlineText()) show(true);
  };
  queue.listen(() => {
    queueRead = true;
    follow();
  });
  refused.listen(follow);
}

// ── install card ─────────────────────────────────────────────────────────────────────
/** Pages where she types or reads her history: the card would cover the form or the list. */
const busyPage = () =>
  document.documentElement.dataset.installCard === 'off' ||
  document.querySelector('main form, main textarea, main select, main input:not([type="checkbox"])') !== null;

/**
 * Whether and when the card shows is decided here, from the page's start (the browser's install
 * prompt must be caught as it comes); the card itself (its text, buttons and the prompt) is
 * ./install-card.ts, loaded only when it is about to show (decision 0028).
 */
function installCard() {
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true;
  if (standalone) return;
  const visits = recordVisit(readJson(VISITS_KEY), Date.now());
  writeJson(VISITS_KEY, visits);
  if (!hasUsedApp(visits) || busyPage()) return;
  const holder: PromptHolder = { deferred: null };
  let loaded: typeof import('./install-card.ts') | undefined;
  const show = () => {
    if (isDismissed(readJson(INSTALL_DISMISS_KEY), Date.now())) return;
    void import('./install-card.ts')
      .then((card) => {
        loaded = card;
        card.showInstallCard(holder);
      })
      .catch(() => {});
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    holder.deferred = event as InstallPromptEvent;
    loaded?.hideInstallCard(false);
    setTimeout(show, AFTER_EVENT_MS);
  });
  window.addEventListener('appinstalled', () => loaded?.hideInstallCard(false));
  // Counted from the page's load, not from when this module arrived.
  setTimeout(
    () => {
      if (!holder.deferred) show();
    },
    Math.max(0, FALLBACK_AFTER_LOAD_MS - performance.now()),
  );
}

// ── single-instance guard ────────────────────────────────────────────────────────────
function instanceGuard() {
  if (!('BroadcastChannel' in window)) return;
  const channel = new BroadcastChannel('olhar-de-mae-instancia');
  const title = el('h2', {
    id: 'instancia-titulo',
    className: 'dialog-title',
    textContent: 'Instância Duplicada Detectada',
  });
  const go = el('button', { type: 'button', className: 'btn btn-primary', textContent: 'Ir para Instância Ativa' });
  const closeTab = el('button', { type: 'button', className: 'btn btn-secondary', textContent: 'Fechar Esta Aba' });
  const force = el('button', { type: 'button', className: 'btn btn-ghost', textContent: 'Forçar Reativação' });
  const modal = el(
    'dialog',
    { className: 'dialog instance-modal' },
    el(
      'div',
      { className: 'dialog-panel' },
      title,
      el('p', {
        id: 'instancia-texto',
        textContent:
          'O Olhar de Mãe já está aberto em outra aba ou janela. Para continuar, use a aba que já está aberta.',
      }),
      el(
        'ul',
        { className: 'benefits' },
        el('li', {}, 'Evita conflitos entre os seus dados'),
        el('li', {}, 'Melhor desempenho no seu aparelho'),
        el('li', {}, 'Uma experiência consistente'),
        el('li', {}, 'Sincronização correta dos registros'),
      ),
      el(
        'div',
        { className: 'dialog-actions' },
        go,
        closeTab,
        el('p', { className: 'field-hint', textContent: 'A instância ativa não responde?' }),
        force,
      ),
    ),
  );
  modal.setAttribute('aria-labelledby', 'instancia-titulo');
  modal.setAttribute('aria-describedby', 'instancia-texto');
  // Blocking: Escape does nothing.
  modal.addEventListener('cancel', (event) => event.preventDefault());
  document.body.append(modal);

  const core = new InstanceGuardCore({
    storage: localStorage,
    post: (message) => channel.postMessage(message),
    now: () => Date.now(),
    id: crypto.randomUUID(),
    focusSelf: () => window.focus(),
    onChange: (active) => {
      if (active && modal.open) modal.close();
      if (!active && !modal.open) modal.showModal();
    },
  });
  channel.onmessage = (event: MessageEvent<GuardMessage>) => core.receive(event.data);
  go.addEventListener('click', () => {
    const someoneRecorded = core.goToActive();
    setTimeout(() => {
      if (!someoneRecorded || !localStorage.getItem(ACTIVE_ID_KEY)) window.location.reload();
    }, PING_WAIT_MS);
  });
  closeTab.addEventListener('click', () => window.close());
  force.addEventListener('click', () => window.location.reload());
  core.start();
  setInterval(() => core.heartbeat(), HEARTBEAT_EVERY_MS);
  setInterval(() => core.checkOwnership(), OWNERSHIP_CHECK_EVERY_MS);
  window.addEventListener('focus', () => core.heartbeat());
  window.addEventListener('pagehide', () => core.release());
}

try {
  connectionBanner();
  installCard();
  instanceGuard();
} catch (err) {
  console.warn('Falha ao iniciar os avisos da página', err);
}
