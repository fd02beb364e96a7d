// The one inline script of the site: hides a guarded page's content before the first paint,
// until src/lib/guard.ts has checked the session. Its hash goes into the page's CSP.
import { createHash } from 'node:crypto';

export const GUARD_BOOT_SCRIPT =
  "document.documentElement.dataset.guard='checking';setTimeout(function(){var d=document.documentElement.dataset;if(d.guard==='checking')d.guard='slow'},10000);";

/** @type {`sha256-${string}`} */
export const GUARD_BOOT_HASH = /** @type {any} */ (`sha256-${createHash('sha256').update(GUARD_BOOT_SCRIPT).digest('base64')}`);
