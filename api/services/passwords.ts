/**
 * Argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1), run through one gate per
 * process (decision 0046): at most ARGON2_AT_ONCE checks at a time, a signed-in or signing-in
 * person's before any anonymous one (a doctor's link passcode), one anonymous at a time, and a
 * short queue for the anonymous ones, past which they are refused at once (503, nothing stored). So a burst of
 * anonymous opens never holds a mother's login behind a pile of hashes.
 */
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { ApiError } from '../errors.ts';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Argon2 runs at a time in one process: two cores' worth, leaving the event loop its share. */
export const ARGON2_AT_ONCE = 2;
/** Anonymous checks running at a time (and only while no person's runs). */
export const ANONYMOUS_AT_ONCE = 1;
/** Anonymous checks that may wait; one more is refused (the link's own limits come first). */
export const ANONYMOUS_WAITING = 8;
/** People's checks that may wait (logins are limited per address and account before this). */
const PEOPLE_WAITING = 200;

/** Who asks: `person` (login, sign-up, password change) goes before `anonymous` (a link's passcode). */
export type HashPriority = 'person' | 'anonymous';

const running: Record<HashPriority, number> = { person: 0, anonymous: 0 };
const waiting: Record<HashPriority, Array<() => void>> = { person: [], anonymous: [] };
/** How many Argon2 computations this process has run, by who asked (read by tests and operators). */
export const argon2Work: Record<HashPriority, number> = { person: 0, anonymous: 0 };

/**
 * Lets waiting checks run while there is room: people's first; an anonymous one only while no
 * person's runs or waits, and one at a time, so it delays a login by at most the one running.
 */
function next(): void {
  while (running.person + running.anonymous < ARGON2_AT_ONCE) {
    const priority: HashPriority | null = waiting.person.length
      ? 'person'
      : waiting.anonymous.length && running.person === 0 && running.anonymous < ANONYMOUS_AT_ONCE
        ? 'anonymous'
        : null;
    if (!priority) return;
    running[priority]++;
    waiting[priority].shift()!();
  }
}

/** Runs `work` when the gate lets it through, first come first served within each priority. */
async function gated<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
  const queue = waiting[priority];
  if (queue.length >= (priority === 'anonymous' ? ANONYMOUS_WAITING : PEOPLE_WAITING))
    throw new ApiError('unavailable', MESSAGES.tryAgain);
  await new Promise<void>((resolve) => {
    queue.push(resolve);
    next();
  });
  argon2Work[priority]++;
  try {
    return await work();
  } finally {
    running[priority]--;
    next();
  }
}

export const hashPassword = (password: string, priority: HashPriority = 'person') =>
  gated(priority, () => hash(password, OPTIONS));

export async function verifyPassword(
  passwordHash: string,
  password: string,
  priority: HashPriority = 'person',
): Promise<boolean> {
  return gated(priority, async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check when there is no account, so timing does not tell. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`senha-que-ninguem-tem-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
