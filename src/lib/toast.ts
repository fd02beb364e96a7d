/**
 * Toasts (spec §8): a title and a message, destructive unless marked success. A polite live
 * region announces them; no framework needed, so any island or script can call toast().
 * One at a time: a new toast replaces the one on screen, so they never pile up over a list.
 */
import { FLASH_KEY } from './storage.ts';

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
    if (!region?.querySelector('.toast')) {
      document.body.classList.remove('has-toast');
      stopPlacing();
    }
  };
  close.addEventListener('click', remove);
  item.append(close);
  const list = ensureRegion();
  list.replaceChildren(item);
  // The install card steps aside while a toast is up (components.css): one message at a time.
  document.body.classList.add('has-toast');
  startPlacing(list);
  setTimeout(remove, DURATION_MS);
}

/** What she taps, and the text a toast must never cover (`data-toast-avoid`: a note's two versions). */
const CONTROLS =
  'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"]), [data-toast-avoid]';
const EDGE = 16;
const STEP = 8;

/**
 * Puts the toasts where they cover no control: at the bottom when that is free, else the lowest
 * free band of the screen (over text, never over a button); the bottom when none is. Placed again
 * while she scrolls, since the page moves under it.
 */
export function placeToasts(list: HTMLElement): void {
  list.style.top = '';
  list.style.bottom = '';
  const height = list.offsetHeight;
  if (!height) return;
  const { left, right } = list.getBoundingClientRect();
  const screen = window.innerHeight;
  const boxes: DOMRect[] = [];
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (list.contains(control)) continue;
    const r = control.getBoundingClientRect();
    // 1 px: visually hidden (a skip link until focused)
    if (r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < screen && r.right > left && r.left < right)
      boxes.push(r);
  }
  const free = (top: number) => boxes.every((r) => r.bottom <= top || r.top >= top + height);
  for (let top = screen - EDGE - height; top >= EDGE; top -= STEP) {
    if (!free(top)) continue;
    if (top !== screen - EDGE - height) {
      list.style.top = `${top}px`;
      list.style.bottom = 'auto';
    }
    return;
  }
}

let placing: (() => void) | null = null;

function startPlacing(list: HTMLElement) {
  stopPlacing();
  let frame = 0;
  const again = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => placeToasts(list));
  };
  window.addEventListener('scroll', again, { passive: true });
  window.addEventListener('resize', again);
  // Once now, and again when the page draws what the action changed (a new entry in the list).
  placeToasts(list);
  const changes = new MutationObserver(again);
  changes.observe(document.body, { childList: true, subtree: true });
  placing = () => {
    cancelAnimationFrame(frame);
    changes.disconnect();
    window.removeEventListener('scroll', again);
    window.removeEventListener('resize', again);
  };
}

function stopPlacing() {
  placing?.();
  placing = null;
}

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
