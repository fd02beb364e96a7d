/**
 * Brazilian phone numbers as editors write them ("192", "0800 722 6001", "(11) 3333-4444") and the
 * tel: links that call them. Short codes and 0800/0300/0500/0900 service numbers are dialled as
 * written (carriers route them only in national form); every other number gets +55.
 */

/** Only what a phone number is written with: digits, spaces, ( ) - . and a leading +. */
export const PHONE_TEXT = /^\+?[\d\s().-]+$/;

export type PhoneKind = 'short' | 'service' | 'national' | 'international';

/** What kind of number this is, or null when it is not a number anyone can call. */
export function phoneKind(phone: string): PhoneKind | null {
  if (!PHONE_TEXT.test(phone.trim())) return null;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+'))
    return digits.startsWith('55') && /^55[1-9]\d{9,10}$/.test(digits) ? 'international' : null;
  if (/^\d{3,5}$/.test(digits)) return 'short';
  if (/^0[3589]00\d{6,7}$/.test(digits)) return 'service';
  // Area code 11–99, then 8 digits (landline) or 9 (mobile).
  if (/^[1-9][1-9]\d{8,9}$/.test(digits)) return 'national';
  return null;
}

/** The tel: link for a number phoneKind accepts; throws otherwise. */
export function telHref(phone: string): string {
  const kind = phoneKind(phone);
  const digits = phone.replace(/\D/g, '');
  switch (kind) {
    case 'short':
    case 'service':
      return `tel:${digits}`;
    case 'national':
      return `tel:+55${digits}`;
    case 'international':
      return `tel:+${digits}`;
    default:
      throw new Error(`"${phone}" não é um telefone que se possa ligar`);
  }
}
