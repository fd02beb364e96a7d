/**
 * Links for the professional (issue 42, decision 0035): the rules both sides share. The browser
 * encrypts the summary as a compact JWE (`dir`, `A256GCM`) with a fresh key that travels only
 * after the link's `#`; the server keeps the ciphertext, the period and the expiry.
 */
import * as z from 'zod/mini';
import { PASSCODE_DIGITS, SHARE_LINK_DAYS } from './share-link-rules.ts';
import { isoDate } from './text.ts';

const validity = `A validade fica entre ${SHARE_LINK_DAYS.min} e ${SHARE_LINK_DAYS.max} dias`;
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

export * from './share-link-rules.ts';
