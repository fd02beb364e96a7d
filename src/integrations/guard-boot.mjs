// An inline script of the site (the other: held-submit.mjs): hides a guarded page's content before the first paint,
// until src/lib/guard.ts has checked the session. Its hash goes into the page's CSP.
import { createHash } from 'node:crypto';

// A mother this device already knows (signed in, profile complete) sees the page at once while the
// check runs; anyone else gets the skeleton until it answers.
export const GUARD_BOOT_SCRIPT =
  "(function(){var d=document.documentElement.dataset,k;try{k=JSON.parse(localStorage.getItem('sessao-conhecida')||'null')}catch(e){}if(k&&k.signedIn&&(k.profileComplete||d.access==='signed-in')){d.guard='known';return}d.guard='checking';setTimeout(function(){if(d.guard==='checking')d.guard='slow'},10000)})();";

/** @type {`sha256-${string}`} */
export const GUARD_BOOT_HASH = /** @type {any} */ (
  `sha256-${createHash('sha256').update(GUARD_BOOT_SCRIPT).digest('base64')}`
);
