/**
 * Links for the professional (issue 42, decision 0035): the rules the pages read, without zod, so the
 * doctor's page and the dialog carry no schema library (src/shared/share-links.ts adds the schemas
 * the API validates with, and re-exports these).
 */
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

/** The passcode she may add: this many digits (the forms' maxLength too). */
export const PASSCODE_DIGITS = 6;
/** `<origin>/profissional/#<id>.<key>` */
export const shareUrl = (origin: string, id: string, key: string) => `${origin}${PROFESSIONAL_PATH}#${id}.${key}`;

/** The id and the key a link's fragment carries (with or without its `#`); null when it is not one. */
export function parseShareFragment(hash: string): { id: string; key: string } | null {
  const match = /^#?([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{43})$/.exec(hash.trim());
  return match ? { id: match[1]!, key: match[2]! } : null;
}
