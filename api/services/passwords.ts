/** Argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check when there is no account, so timing does not tell. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`senha-que-ninguem-tem-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
