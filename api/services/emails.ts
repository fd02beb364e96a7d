/**
 * Every e-mail is an `email` job (decision 0022): retried with backoff while the SMTP relay is away,
 * kept across a restart. A job names what to send, never a link: the worker makes the link's token
 * when it sends, so no live token waits in the queue's table (only hashes are stored, as before).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { dayOf } from '../../src/shared/clock.ts';
import { formatDay } from '../../src/shared/format.ts';
import type { Database } from '../db/client.ts';
import { childInvitations, children, profiles, supportThreads, users } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import {
  alreadyRegisteredEmail,
  confirmationEmail,
  invitationEmail,
  passwordResetEmail,
  renewalEmail,
  staffCodesEmail,
  supportAnswerEmail,
} from '../email/templates.ts';
import type { Mailer } from '../email/transport.ts';
import type { Config } from '../env.ts';
import type { EmailJob } from '../jobs/email-job.ts';
import type { Logger } from '../log.ts';
import { generateToken, hashToken, issueEmailToken } from './sessions.ts';
import { subscriptionEnd } from './subscriptions.ts';

export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface EmailDeps {
  db: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
}

async function sendConfirmation({ db, clock, config, mailer }: EmailDeps, user: { id: string; email: string }) {
  const token = await issueEmailToken(db, user.id, 'confirm_email', CONFIRMATION_TTL_MS, clock.now());
  await mailer.send(confirmationEmail(user.email, `${config.publicApiUrl}/api/auth/confirm?token=${token}`));
}

const userById = async (db: Database, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

/** The `email` job's handler. Throws when the relay refuses: the queue tries again later. */
export async function sendEmailJob(deps: EmailDeps, job: EmailJob): Promise<void> {
  const { db, config, clock, mailer } = deps;
  switch (job.kind) {
    case 'signup': {
      const user = await userById(db, job.userId);
      if (!user) return;
      if (!user.emailConfirmedAt) return sendConfirmation(deps, user);
      return mailer.send(alreadyRegisteredEmail(user.email, `${config.siteUrl}/auth/`));
    }
    case 'confirmation': {
      const [user] = await db.select().from(users).where(eq(users.id, job.userId));
      if (user && !user.emailConfirmedAt) await sendConfirmation(deps, user);
      return;
    }
    case 'reset': {
      const user = job.userId ? await userById(db, job.userId) : undefined;
      if (!user) return;
      const token = await issueEmailToken(db, user.id, 'reset_password', RESET_TOKEN_TTL_MS, clock.now());
      return mailer.send(passwordResetEmail(user.email, `${config.siteUrl}/redefinir-senha/?token=${token}`));
    }
    case 'invitation':
      return sendInvitation(deps, job.invitationId);
    case 'support_answer': {
      const [mother] = await db
        .select({ email: users.email })
        .from(supportThreads)
        .innerJoin(users, eq(users.id, supportThreads.userId))
        .where(eq(supportThreads.id, job.threadId));
      if (!mother) return;
      return mailer.send(supportAnswerEmail(mother.email, `${config.siteUrl}/fale-com-a-equipe/`));
    }
    case 'staff_codes': {
      const user = await userById(db, job.userId);
      if (!user) return;
      return mailer.send(staffCodesEmail(user.email, `${config.siteUrl}/auth/`));
    }
    case 'renewal': {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, job.userId));
      const endsAt = await subscriptionEnd(db, job.userId);
      if (!user || !endsAt) return;
      const endsOn = formatDay(dayOf(endsAt));
      return mailer.send(
        renewalEmail(user.email, { daysLeft: job.daysLeft, endsOn, link: `${config.siteUrl}/continuar/` }),
      );
    }
  }
}

/**
 * A live invitation gets a fresh token (its hash replaces the stored one) and its e-mail; a retry
 * makes another, so only the last e-mail's link works. Cancelled, accepted or expired: nothing.
 */
async function sendInvitation({ db, config, clock, mailer }: EmailDeps, invitationId: string): Promise<void> {
  const token = generateToken();
  const [invitation] = await db
    .update(childInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(
      and(
        eq(childInvitations.id, invitationId),
        isNull(childInvitations.acceptedAt),
        gt(childInvitations.expiresAt, clock.now()),
      ),
    )
    .returning();
  if (!invitation) return;
  const [about] = await db
    .select({ childName: children.name, fullName: profiles.fullName, email: users.email })
    .from(children)
    .innerJoin(users, eq(users.id, children.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(children.id, invitation.childId));
  if (!about) return;
  await mailer.send(
    invitationEmail(invitation.email, {
      link: `${config.siteUrl}/convite/?token=${token}`,
      childName: about.childName,
      ownerName: about.fullName ?? about.email,
      role: invitation.role as 'carer' | 'viewer',
    }),
  );
}
