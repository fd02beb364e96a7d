/**
 * Toasts (spec §8): a title and a message, destructive unless marked success. A polite live
 * region announces them; no framework needed, so any island or script can call toast().
 * One at a time: a new toast replaces the one on screen, so they never pile up over a list; it
 * sits where it covers no control (toast-place.ts).
 */
import { followScroll, placeClear, stopFollowing } from './toast-place.ts';

export type ToastVariant = 'success' | 'error' | 'info';

const DURATION_MS = 5000;
let region: HTMLElement | null = null;

function ensureRegion(): HTMLElement {
  if (region && document.body.contains(region)) return region;
  region = document.createElement('div');
  region.className = 'toasts';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  return region;
}

export function toast(title: string, description?: string, variant: ToastVariant = 'error'): void {
  if (typeof document === 'undefined') return;
  const item = document.createElement('div');
  item.className = `toast toast-${variant}`;
  const strong = document.createElement('p');
  strong.className = 'toast-title';
  strong.textContent = title;
  item.append(strong);
  if (description) {
    const text = document.createElement('p');
    text.className = 'toast-text';
    text.textContent = description;
    item.append(text);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Fechar aviso');
  close.textContent = '×';
  const remove = () => {
    item.remove();
    if (region?.querySelector('.toast')) return;
    document.body.classList.remove('has-toast');
    stopFollowing();
  };
  close.addEventListener('click', remove);
  item.append(close);
  const list = ensureRegion();
  list.replaceChildren(item);
  // The install card steps aside while a toast is up (components.css): one message at a time.
  document.body.classList.add('has-toast');
  placeClear(list);
  followScroll(list);
  setTimeout(remove, DURATION_MS);
}

const FLASH_KEY = 'aviso-pendente';

/** A toast for the next page, when this one is about to navigate away. */
export function flash(title: string, description?: string, variant: ToastVariant = 'success'): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ title, description, variant }));
  } catch {
    toast(title, description, variant);
  }
}

export function showFlashed(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { title, description, variant } = JSON.parse(raw) as {
      title: string;
      description?: string;
      variant?: ToastVariant;
    };
    toast(title, description, variant);
  } catch {
    // A broken flash is not worth a message.
  }
}
