/**
 * The service worker, registered on every page. A new version waits and takes over on the next
 * navigation, so an open page never mixes old and new files and a half-typed form is never
 * reloaded away. The mother's cached data is dropped on sign-in and sign-out.
 */

import { onAuthChange } from '../stores/session.ts';

async function register() {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // Leaving the page is the moment to switch: the next page comes whole from the new version.
  window.addEventListener('pagehide', () => registration.waiting?.postMessage({ type: 'SKIP_WAITING' }));
}

if ('serviceWorker' in navigator) {
  register().catch((err) => console.warn('Não foi possível ativar o modo offline', err));
}

// Loaded when she signs in or out, not with every page (what it clears knows every guide's keys).
onAuthChange(
  () =>
    void import('./device.ts')
      .then((device) => device.clearUserCache())
      .catch((err) => console.warn('Não foi possível limpar os dados do aparelho', err)),
);
