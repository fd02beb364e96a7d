/**
 * Where a toast goes so that it covers no control (issue: the "Registro adicionado" toast sat over
 * the first entry's "Excluir"): the lowest band of the screen, as tall as the toast, that touches no
 * button, link or field; the bottom when the screen has no such band. Placed again as she scrolls.
 */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const MARGIN = 16;
const GAP = 8;

/** The top of the lowest clear band `height` tall across `span`, in a viewport `viewport` tall; null if none. */
export function clearBand(controls: Box[], height: number, viewport: number, span: Pick<Box, 'left' | 'right'>) {
  const lowest = viewport - MARGIN - height;
  const across = controls.filter((c) => c.right > span.left && c.left < span.right && c.bottom > 0 && c.top < viewport);
  const candidates = [lowest, MARGIN, ...across.flatMap((c) => [c.top - GAP - height, c.bottom + GAP])]
    .filter((top) => top >= MARGIN && top <= lowest)
    .sort((a, b) => b - a);
  return candidates.find((top) => !across.some((c) => c.top < top + height && c.bottom > top)) ?? null;
}

export const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

function visibleControls(outside: HTMLElement): Box[] {
  const boxes: Box[] = [];
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (outside.contains(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) boxes.push(box);
  }
  return boxes;
}

/** Moves `region` (position: fixed) to the lowest band where it covers nothing she could tap. */
export function placeClear(region: HTMLElement): void {
  region.style.removeProperty('top');
  region.style.removeProperty('bottom');
  const box = region.getBoundingClientRect();
  if (!box.height) return;
  const top = clearBand(visibleControls(region), box.height, window.innerHeight, box);
  if (top === null) return;
  region.style.top = `${top}px`;
  region.style.bottom = 'auto';
}

let following: (() => void) | null = null;

/** Keeps `region` clear while it shows (scroll, resize); `stop` when the last toast has gone. */
export function followScroll(region: HTMLElement): void {
  if (following) return;
  let frame = 0;
  following = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => placeClear(region));
  };
  window.addEventListener('scroll', following, { passive: true });
  window.addEventListener('resize', following, { passive: true });
}

export function stopFollowing(): void {
  if (!following) return;
  window.removeEventListener('scroll', following);
  window.removeEventListener('resize', following);
  following = null;
}
