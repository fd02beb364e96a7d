/**
 * Links for the professional (issue 42, decision 0035): the rules both sides share. The browser
 * encrypts the summary as a compact JWE (`dir`, `A256GCM`) with a fresh key that travels only
 * after the link's `#`; the server keeps the ciphertext, the period and the expiry.
 */
import * as z from 'zod/mini';
import { isoDate } from './text.ts';

export const SHARE_LINK_DAYS = { min: 1, max: 90, default: 7, choices: [1, 7, 30] } as const;
/** The ciphertext's largest size, in characters (it is ASCII): 512 kB. */
export const MAX_CIPHERTEXT = 512 * 1024;
/** Wrong passcodes a link takes before it locks. */
export const PASSCODE_ATTEMPTS = 5;
/** Links a child's family may create in any 24 hours. */
export const SHARE_LINKS_PER_CHILD_PER_DAY = 20;
/** The link's path on the site; the fragment carries `<id>.<key>`. */
export const PROFESSIONAL_PATH = '/profissional/';

/** A compact JWE with direct encryption: header, an empty key, iv, ciphertext, tag. */
export const COMPACT_DIR_JWE = /^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** A link's id: 128 random bits or more in base64url. */
export const SHARE_ID = /^[A-Za-z0-9_-]{22,64}$/;

const validity = `A validade fica entre ${SHARE_LINK_DAYS.min} e ${SHARE_LINK_DAYS.max} dias`;
/** The passcode she may add: this many digits (the forms' maxLength too). */
export const PASSCODE_DIGITS = 6;
const passcodeError = `O código tem ${PASSCODE_DIGITS} números`;
const passcode = z
  .string({ error: passcodeError })
  .check(z.regex(new RegExp(`^\\d{${PASSCODE_DIGITS}}$`), { error: passcodeError }));

export const shareLinkSchema = z.strictObject({
  /** checked against COMPACT_DIR_JWE and MAX_CIPHERTEXT by the service (413 when too large) */
  ciphertext: z.string({ error: 'O resumo cifrado está faltando' }),
  from: isoDate(),
  to: isoDate(),
  expiresInDays: z._default(
    z
      .int({ error: validity })
      .check(z.minimum(SHARE_LINK_DAYS.min, { error: validity }), z.maximum(SHARE_LINK_DAYS.max, { error: validity })),
    SHARE_LINK_DAYS.default,
  ),
  passcode: z.optional(passcode),
});
export type ShareLinkInput = z.infer<typeof shareLinkSchema>;

export const shareOpenSchema = z.strictObject({ passcode: z.optional(passcode) });

/** `<origin>/profissional/#<id>.<key>` */
export const shareUrl = (origin: string, id: string, key: string) => `${origin}${PROFESSIONAL_PATH}#${id}.${key}`;

/** The id and the key a link's fragment carries (with or without its `#`); null when it is not one. */
export function parseShareFragment(hash: string): { id: string; key: string } | null {
  const match = /^#?([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{43})$/.exec(hash.trim());
  return match ? { id: match[1]!, key: match[2]! } : null;
}
