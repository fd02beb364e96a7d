/**
 * Reminders (issue 23), inside the generated service worker (workbox `importScripts`,
 * astro.config.mjs). The API's push carries only `{title, body, url, tag}`, never what she wrote
 * in a diary; a tap opens `url` in a window of ours, or a new one.
 */
const HOME = new URL('/', self.location.origin).href;

/** A page of this site from the payload's relative path; anything else (another origin, `//x`, `javascript:`) opens home. */
function ownPage(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return HOME;
  try {
    const page = new URL(url, self.location.origin);
    return page.origin === self.location.origin ? page.href : HOME;
  } catch {
    return HOME;
  }
}

const text = (value) => (typeof value === 'string' ? value.trim() : '');

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const tag = text(payload.tag);
  // Chrome counts a push without a notification against the site: one is always shown.
  const shown = self.registration.showNotification(text(payload.title) || 'Olhar de Mãe', {
    body: text(payload.body),
    icon: '/icons/icon-192.png',
    // Android's status bar draws only the badge's shape: the heart, not the browser's bell.
    badge: '/icons/badge-96.png',
    lang: 'pt-BR',
    // The next step of the same routine replaces the last one, and still makes a sound.
    ...(tag ? { tag, renotify: true } : {}),
    data: { url: ownPage(payload.url) },
  });
  event.waitUntil(shown);
});

/** The window to reuse: the one she looked at last, else any of ours. */
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    // Focus is best effort (only a real tap may raise a window); navigating is what matters.
    const [, navigated] = await Promise.allSettled([open.focus(), open.navigate(url)]);
    if (navigated.status === 'fulfilled' && navigated.value) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // `data.url` is what `ownPage` made of the payload: an absolute URL on this origin.
  const url = event.notification.data?.url;
  event.waitUntil(openPage(typeof url === 'string' && url.startsWith(HOME) ? url : HOME));
});
