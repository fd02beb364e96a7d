/**
 * The Argon2 gate (api/services/passwords.ts, decision 0046): people's checks go before anonymous
 * ones, an anonymous one never starts beside a person's, and past eight anonymous ones waiting the
 * next is refused at once (503) instead of queueing behind a burst.
 */
import { ApiError } from '../../api/errors.ts';
import { ANONYMOUS_WAITING, hashPassword, verifyPassword } from '../../api/services/passwords.ts';

let hash: string;
beforeAll(async () => {
  hash = await hashPassword('123456');
});

it("lets a person's checks pass the anonymous ones waiting", async () => {
  const done: string[] = [];
  const check = (who: string, priority: 'person' | 'anonymous') =>
    verifyPassword(hash, '000000', priority).then(() => done.push(who));
  await Promise.all([
    check('anonymous 1', 'anonymous'),
    check('anonymous 2', 'anonymous'),
    check('anonymous 3', 'anonymous'),
    check('person 1', 'person'),
    check('person 2', 'person'),
  ]);
  // The first anonymous one was running already; the other two wait until no person's runs.
  expect(done.slice(-2)).toEqual(['anonymous 2', 'anonymous 3']);
});

it('refuses an anonymous check at once past eight waiting, and still runs the ones in line', async () => {
  const line = Array.from({ length: ANONYMOUS_WAITING + 1 }, () => verifyPassword(hash, '123456', 'anonymous'));
  const refused = await verifyPassword(hash, '123456', 'anonymous').catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(503);
  expect(await Promise.all(line)).toEqual(Array(ANONYMOUS_WAITING + 1).fill(true));
});
