/**
 * The route guard of every non-public page (spec §2): content stays hidden behind skeletons
 * (BaseLayout's boot script) until the session is checked — unless this device already knows a
 * signed-in mother, who sees the static page at once while the check runs; her own data only ever
 * comes from the API. No session → /auth, incomplete profile → /profile-setup; a page that keeps a
 * child's record, before she has said whom she follows → /criancas ("Quem você está acompanhando?").
 * Re-checked on sign-in and sign-out, in every open tab.
 */

import { onAuthChange, refreshSession, type SessionState } from '../stores/session.ts';
import { showFlashedIfAny } from './flashed.ts';
import { readJson, removeKey, KNOWN_SESSION_KEY as SNAPSHOT, writeJson } from './storage.ts';
import './logout.ts';
import './start-shell.ts';

type Access = 'guarded' | 'signed-in';

function decide(state: SessionState, access: Access): string | null {
  if (!state.online) {
    // Offline: trust what this device last knew, so cached pages still open.
    const known = readJson(SNAPSHOT) as { signedIn?: boolean; profileComplete?: boolean } | undefined;
    if (!known?.signedIn) return '/auth/';
    return access === 'guarded' && !known.profileComplete ? '/profile-setup/' : null;
  }
  if (!state.user) {
    removeKey(SNAPSHOT);
    return '/auth/';
  }
  writeJson(SNAPSHOT, { signedIn: true, profileComplete: state.profileComplete });
  if (access === 'guarded' && !state.profileComplete) return '/profile-setup/';
  if (document.documentElement.dataset.needsChild !== undefined && state.children.length === 0)
    return `/criancas/?proxima=${encodeURIComponent(window.location.pathname)}`;
  return null;
}

/** `left`: she has just signed out (here or in another tab): the sign-in page says so. */
async function check(access: Access, left = false) {
  const state = await refreshSession(true);
  const decided = decide(state, access);
  const target = left && decided === '/auth/' ? '/auth/?saiu=1' : decided;
  if (target) window.location.replace(target);
  else {
    document.documentElement.dataset.guard = 'ok';
    showFlashedIfAny();
  }
}

const access = document.documentElement.dataset.access as Access | undefined;
if (access === 'guarded' || access === 'signed-in') {
  void check(access);
  onAuthChange((event) => void check(access, event === 'SIGNED_OUT'));
}
