// The site's second inline script (the first: guard-boot.mjs): on a slow phone she can type and tap
// "Entrar" before the form's island has hydrated. A form marked `data-hold-submit` inside an island
// that has not hydrated yet is not sent by the browser (that would reload the page and drop what she
// typed): the submit waits, and the island sends it itself once hydrated
// (src/islands/useTypedBeforeHydration.ts). Its hash goes into the page's CSP.
import { createHash } from 'node:crypto';

export const HELD_SUBMIT_SCRIPT =
  "document.addEventListener('submit',function(e){var f=e.target;if(f instanceof HTMLFormElement&&f.hasAttribute('data-hold-submit')&&f.closest('astro-island[ssr]')){e.preventDefault();window.__heldSubmit=f}},true);";

/** @type {`sha256-${string}`} */
export const HELD_SUBMIT_HASH = /** @type {any} */ (
  `sha256-${createHash('sha256').update(HELD_SUBMIT_SCRIPT).digest('base64')}`
);
