/**
 * The install card itself (spec §4, §9), loaded by ./overlays.ts when it is about to show: the
 * browser's prompt where it offered one, the iPhone's steps, or the menu's words.
 */
import { el } from './dom.ts';
import { INSTALL_DISMISS_KEY, isDismissed } from './install-rules.ts';
import { isIos } from './platform.ts';
import { readJson, writeJson } from './storage.ts';

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's install prompt, kept by overlays.ts from the page's start (null until it comes). */
export interface PromptHolder {
  deferred: InstallPromptEvent | null;
}

let card: HTMLElement | null = null;

export function hideInstallCard(remember: boolean): void {
  card?.remove();
  card = null;
  document.body.classList.remove('has-install-card');
  if (remember) writeJson(INSTALL_DISMISS_KEY, Date.now());
}

export function showInstallCard(holder: PromptHolder): void {
  if (card || isDismissed(readJson(INSTALL_DISMISS_KEY), Date.now())) return;
  const ios = isIos(navigator.userAgent, navigator.maxTouchPoints);
  const close = el('button', { type: 'button', className: 'install-x', textContent: '×' });
  close.setAttribute('aria-label', 'Fechar');
  close.addEventListener('click', () => hideInstallCard(true));
  const later = el('button', { type: 'button', className: 'btn btn-ghost', textContent: 'Agora não' });
  later.addEventListener('click', () => hideInstallCard(true));
  const text = ios
    ? el('p', {}, 'No iPhone: toque em Compartilhar e depois em “Adicionar à Tela de Início”.')
    : holder.deferred
      ? el('p', {}, 'Tenha o Olhar de Mãe na tela inicial, abrindo rápido e funcionando até sem internet.')
      : el('p', {}, 'Abra o menu do navegador e escolha “Instalar aplicativo” ou “Adicionar à tela inicial”.');
  const actions = el('div', { className: 'install-actions' }, later);
  if (!ios && holder.deferred) {
    const install = el('button', { type: 'button', className: 'btn btn-primary', textContent: 'Instalar' });
    install.addEventListener('click', async () => {
      const prompt = holder.deferred;
      if (!prompt) return;
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      holder.deferred = null;
      if (outcome === 'accepted') hideInstallCard(false);
    });
    actions.append(install);
  }
  card = el(
    'aside',
    { className: 'install-card' },
    close,
    el('p', { className: 'install-title', textContent: 'Instale o Olhar de Mãe' }),
    text,
    actions,
  );
  card.setAttribute('aria-label', 'Instalar o aplicativo');
  document.body.append(card);
  // Room below the page, so the card never hides its last button.
  document.body.classList.add('has-install-card');
}
