/**
 * What the `email` queue carries (docs/conventions.md "Work after the answer is a job"): which
 * e-mail to send and the ids it needs, never a secret nor the text. Beside the queue so that the
 * services that send one depend on the queue, not on the e-mail service (api/services/emails.ts)
 * that handles it.
 *
 * A job carries ids, never an address, a name or an IP (issue 29): the worker looks the rest up,
 * a completed job keeps nothing personal, and deleting an account deletes its jobs (`userId`).
 */
export type EmailJob =
  /** after a sign-up, whichever branch it took: confirmation, or "you already have an account" */
  | { kind: 'signup'; userId: string }
  | { kind: 'confirmation'; userId: string }
  /** /forgot: null for an unknown address (sent all the same, so both cost the request the same) */
  | { kind: 'reset'; userId: string | null }
  | { kind: 'invitation'; invitationId: string }
  | { kind: 'renewal'; userId: string; daysLeft: number }
  /** the team answered her conversation: a link to it, never the answer's text */
  | { kind: 'support_answer'; threadId: string }
  /** a staff member's code budget was spent by wrong codes from browsers not trusted for codes (issue 40) */
  | { kind: 'staff_codes'; userId: string };
