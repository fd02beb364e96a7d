/**
 * The Web Push subscription this browser holds for the site (reminders), if any. A module of its
 * own, importing nothing, so that the session, the device's data and the reminders can all ask.
 */
export async function pushSubscriptionOnDevice(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager?.getSubscription()) ?? null;
}
