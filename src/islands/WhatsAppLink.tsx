/**
 * "WhatsApp" for a text that carries a link's secret (the doctor's key, the school's token; issue
 * 55, M3). On a phone, the app's own scheme (`whatsapp://send`): the app opens with the text, no
 * web server receives it. Elsewhere `onCopy` copies it and says to paste it in WhatsApp. Never
 * `wa.me`: WhatsApp's web server would receive the whole text, key and all, as a query string.
 */
import { hasWhatsAppApp } from '../lib/platform.ts';

export const whatsAppAppUrl = (text: string) => `whatsapp://send?text=${encodeURIComponent(text)}`;

export default function WhatsAppLink({ text, label, onCopy }: { text: string; label: string; onCopy: () => void }) {
  const app = typeof navigator !== 'undefined' && hasWhatsAppApp(navigator.userAgent, navigator.maxTouchPoints);
  if (app)
    return (
      <a className="btn btn-secondary" href={whatsAppAppUrl(text)}>
        {label}
      </a>
    );
  return (
    <button type="button" className="btn btn-secondary" onClick={onCopy}>
      {label}
    </button>
  );
}
