/** iPhone and iPad (iPadOS reports itself as a Mac with a touch screen): no install prompt, no Web Push before iOS 16.4. */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

/** A phone where WhatsApp's own scheme (`whatsapp://`) opens the app: Android, iPhone and iPad. */
export function hasWhatsAppApp(userAgent: string, maxTouchPoints = 0): boolean {
  return /android/i.test(userAgent) || isIos(userAgent, maxTouchPoints);
}
