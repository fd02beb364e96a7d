/**
 * A toast left for the next page (toast.ts `flash`: "Conta excluída", "Você saiu"…). Every page
 * checks for one; the toast's code loads only when one waits (decision 0028).
 */
import { FLASH_KEY } from './storage.ts';

export function showFlashedIfAny(): void {
  let waiting = false;
  try {
    waiting = sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    // No storage: nothing can have been left.
  }
  if (waiting) void import('./toast.ts').then((toast) => toast.showFlashed());
}
