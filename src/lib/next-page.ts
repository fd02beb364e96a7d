/**
 * Where to go after a step (?proxima=…): only a path of our own site, with an optional simple
 * query (the invitation's token); an open redirect would be a phishing tool.
 */
const SAME_SITE = /^\/(?!\/)[\w\-/]*(\?[\w\-=&]*)?$/;

export function nextPage(search = window.location.search): string | null {
  const raw = new URLSearchParams(search).get('proxima') ?? '';
  return SAME_SITE.test(raw) ? raw : null;
}
