/**
 * Links for the professional (issue 42, docs/api.md "Links for the professional"): made, listed
 * and revoked by the owner or a carer; opened with no session by whoever holds the link (and its
 * passcode); gone at expiry, on revocation, with the child and with the account — ciphertext
 * included. The server never holds the key or the plaintext: the whole flow is searched for them.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CompactEncrypt, compactDecrypt } from 'jose';
import { childMembers } from '../../api/db/schema.ts';
import { SHARE_OPENS_PER_ADDRESS } from '../../api/http/limits.ts';
import type { Logger } from '../../api/log.ts';
import { argon2Work } from '../../api/services/passwords.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import { MAX_CIPHERTEXT, SHARE_LINKS_PER_CHILD_PER_DAY } from '../../src/shared/share-links.ts';
import { activateSubscription, confirmedUser, PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';

type Person = { cookie: string; userId: string };

const clock = fixedClock(new Date('2026-11-21T15:00:00Z'));
const logLines: string[] = [];
const capture: Logger = {
  info: (event, fields) => logLines.push(JSON.stringify({ event, ...fields })),
  warn: (event, fields) => logLines.push(JSON.stringify({ event, ...fields })),
  error: (event, fields) => logLines.push(JSON.stringify({ event, ...fields })),
};
let t: TestApp;
let mae: Person;
let cuidador: Person;
let avo: Person;
let estranha: Person;
let lia: string;
let address = 0;

const SUMMARY = {
  child: { firstName: 'Lia', birthYear: 2019 },
  current: [{ name: 'Metilfenidato', dose: '10 mg às 07:30' }],
};

/** What the browser does: a fresh 256-bit key, the summary as a compact JWE (dir, A256GCM). */
async function encrypt(payload: unknown = SUMMARY) {
  const key = new Uint8Array(randomBytes(32));
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(key);
  return { key, keyText: Buffer.from(key).toString('base64url'), jwe };
}

const call = (who: Person | null, path: string, init: { method?: string; body?: unknown; ip?: string } = {}) =>
  t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(init.method === 'DELETE' ? { 'content-type': 'application/json' } : {}),
      'x-forwarded-for': init.ip ?? `198.51.100.${(++address % 250) + 1}`,
    },
  });
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

async function create(who: Person, body: Record<string, unknown> = {}, child = lia) {
  const { jwe, key, keyText } = await encrypt();
  const res = await json(
    await call(who, `/api/children/${child}/share-links`, {
      body: { ciphertext: jwe, from: '2026-10-22', to: '2026-11-21', expiresInDays: 7, ...body },
    }),
  );
  return { ...res, key, keyText, jwe };
}
const open = (id: string, body: Record<string, unknown> = {}) => call(null, `/api/share/${id}`, { body });

/** Every row of the link tables (and the audit log and job queue), as text, for searching. */
async function dump(): Promise<string> {
  const db = t.db.handle.db;
  const parts: unknown[] = [];
  for (const table of ['share_links', 'share_link_ciphertexts', 'share_link_openings', 'audit_log'])
    parts.push(await db.execute(sql.raw(`select * from ${table}`)));
  return JSON.stringify(parts);
}
beforeAll(async () => {
  t = await createTestApp({ clock, logger: capture, env: { TRUST_PROXY: '1', LOG_REQUESTS: '1' } });
  mae = await confirmedUser(t, 'mae@example.com');
  cuidador = await confirmedUser(t, 'pai@example.com');
  avo = await confirmedUser(t, 'avo@example.com');
  estranha = await confirmedUser(t, 'estranha@example.com');
  await activateSubscription(t, mae.userId);
  lia = (await json(await call(mae, '/api/children', { body: { name: 'Lia Souza', birthDate: '2019-03-02' } }))).body
    .child.id;
  await t.db.handle.db.insert(childMembers).values([
    { childId: lia, userId: cuidador.userId, role: 'carer' },
    { childId: lia, userId: avo.userId, role: 'viewer' },
  ]);
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
});

describe('making, listing and revoking', () => {
  it('creates a link (no passcode by default) that the professional opens with no session, once per opening', async () => {
    const made = await create(mae);
    expect(made.status).toBe(201);
    expect(made.body.link).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      hasPasscode: false,
    });
    // 128 random bits: base64url of 16 bytes.
    expect(Buffer.from(made.body.link.id, 'base64url')).toHaveLength(16);

    const opened = await json(await open(made.body.link.id));
    expect(opened).toEqual({
      status: 200,
      body: {
        ciphertext: made.jwe,
        from: '2026-10-22',
        to: '2026-11-21',
        expiresAt: made.body.link.expiresAt,
        childFirstName: 'Lia',
      },
    });
    const { plaintext } = await compactDecrypt(opened.body.ciphertext, made.key);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(SUMMARY);

    clock.advance(60_000);
    await open(made.body.link.id);
    const list = await json(await call(mae, `/api/children/${lia}/share-links`));
    expect(list.status).toBe(200);
    const mine = list.body.links.find((l: { id: string }) => l.id === made.body.link.id);
    expect(mine).toEqual({
      id: made.body.link.id,
      from: '2026-10-22',
      to: '2026-11-21',
      expiresAt: made.body.link.expiresAt,
      hasPasscode: false,
      revokedAt: null,
      lockedAt: null,
      openings: [{ at: '2026-11-21T15:00:00.000Z' }, { at: '2026-11-21T15:01:00.000Z' }],
    });
  });

  it('lets a carer make and list links; a viewer gets 403 and a stranger 404', async () => {
    expect((await create(cuidador)).status).toBe(201);
    expect((await json(await call(cuidador, `/api/children/${lia}/share-links`))).status).toBe(200);

    const viewer = await create(avo);
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toEqual({ code: 'forbidden', message: MESSAGES.roleForbidden });
    expect((await call(avo, `/api/children/${lia}/share-links`)).status).toBe(403);

    const stranger = await create(estranha);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toEqual({ code: 'not_found', message: MESSAGES.childNotFound });
    expect((await call(estranha, `/api/children/${lia}/share-links`)).status).toBe(404);
  });

  it('revokes at once: the ciphertext is deleted and the link answers the same 404 as an unknown one', async () => {
    const made = await create(mae);
    const id = made.body.link.id;
    expect((await call(avo, `/api/children/${lia}/share-links/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(estranha, `/api/children/${lia}/share-links/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(mae, `/api/children/${lia}/share-links/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await dump()).not.toContain(made.jwe);

    const revoked = await json(await open(id));
    const unknown = await json(await open(randomBytes(16).toString('base64url')));
    expect(revoked).toEqual({ status: 404, body: { error: { code: 'not_found', message: MESSAGES.shareLinkGone } } });
    expect(unknown).toEqual(revoked);
    const again = await json(await call(mae, `/api/children/${lia}/share-links/${id}`, { method: 'DELETE' }));
    expect(again.status).toBe(404);
    const list = await json(await call(mae, `/api/children/${lia}/share-links`));
    expect(list.body.links.find((l: { id: string }) => l.id === id).revokedAt).toBe(clock.now().toISOString());
  });

  it('refuses what is not a compact JWE, a reversed period, an expiry past 90 days and a passcode not of 6 digits', async () => {
    const bad = async (body: Record<string, unknown>) => (await create(mae, body)).body.error;
    expect(await bad({ ciphertext: JSON.stringify(SUMMARY) })).toMatchObject({
      code: 'validation_failed',
      fields: { ciphertext: MESSAGES.shareNotCiphertext },
    });
    expect(await bad({ from: '2026-11-22', to: '2026-11-01' })).toMatchObject({ code: 'validation_failed' });
    expect(await bad({ expiresInDays: 91 })).toMatchObject({ fields: { expiresInDays: expect.any(String) } });
    expect(await bad({ expiresInDays: 0 })).toMatchObject({ fields: { expiresInDays: expect.any(String) } });
    expect(await bad({ passcode: '12345' })).toMatchObject({ fields: { passcode: 'O código tem 6 números' } });
    expect((await create(mae, { expiresInDays: 90 })).status).toBe(201);
  });
});

describe('the passcode', () => {
  it('asks for it, takes the right one, counts wrong ones and locks the link after 5', async () => {
    const made = await create(mae, { passcode: '482913' });
    expect(made.body.link.hasPasscode).toBe(true);
    const id = made.body.link.id;
    const stored = await dump();
    expect(stored).not.toContain('482913');

    const none = await json(await open(id));
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ code: 'invalid_credentials', message: MESSAGES.sharePasscodeNeeded });
    const wrong = await json(await open(id, { passcode: '000000' }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MESSAGES.sharePasscodeWrong(4));
    const right = await json(await open(id, { passcode: '482913' }));
    expect(right.status).toBe(200);
    expect(right.body.ciphertext).toBe(made.jwe);

    for (const left of [3, 2, 1])
      expect((await json(await open(id, { passcode: '111111' }))).body.error.message).toBe(
        MESSAGES.sharePasscodeWrong(left),
      );
    const fifth = await json(await open(id, { passcode: '111111' }));
    expect(fifth.status).toBe(403);
    expect(fifth.body.error).toEqual({ code: 'forbidden', message: MESSAGES.shareLinkLocked });
    // Locked: even the right code is refused now.
    expect((await open(id, { passcode: '482913' })).status).toBe(403);
    const list = await json(await call(mae, `/api/children/${lia}/share-links`));
    const link = list.body.links.find((l: { id: string }) => l.id === id);
    expect(link).toMatchObject({ hasPasscode: true, lockedAt: clock.now().toISOString() });
    expect(link.openings).toHaveLength(1);
  });
});

describe('expiry and the purge', () => {
  it('answers 404 once expired, and the purge job deletes the link, its ciphertext and its openings', async () => {
    const made = await create(mae, { expiresInDays: 1 });
    const id = made.body.link.id;
    expect((await open(id)).status).toBe(200);
    clock.advance(DAY_MS);
    const expired = await json(await open(id));
    expect(expired).toEqual({ status: 404, body: { error: { code: 'not_found', message: MESSAGES.shareLinkGone } } });

    await t.deps.jobs.send('share-purge', {});
    await t.deps.jobs.idle();
    const after = await dump();
    expect(after).not.toContain(id);
    expect(after).not.toContain(made.jwe);
    const list = await json(await call(mae, `/api/children/${lia}/share-links`));
    expect(list.body.links.map((l: { id: string }) => l.id)).not.toContain(id);
  });

  it('answers the same 404 in the same cheap time for wrong, expired, revoked and unknown ids, hashing nothing', async () => {
    const expired = (await create(mae, { expiresInDays: 1 })).body.link.id;
    const revoked = (await create(mae)).body.link.id;
    await call(mae, `/api/children/${lia}/share-links/${revoked}`, { method: 'DELETE' });
    clock.advance(DAY_MS + 1);
    const ids = {
      expired,
      revoked,
      unknown: randomBytes(16).toString('base64url'),
      malformed: 'nao-e-um-link',
    };
    const live = (await create(mae, { passcode: '482913' })).body.link.id;
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(ids).map((k) => [k, []]));
    const bodies = new Set<string>();
    const hashed = argon2Work.anonymous;
    // Twenty rounds, each in another order: a few milliseconds each, so a busy machine's noise averages out.
    for (let round = 0; round < 20; round++) {
      const kinds = Object.entries(ids);
      for (const [kind, id] of [...kinds.slice(round % 4), ...kinds.slice(0, round % 4)]) {
        const started = performance.now();
        const res = await open(id, { passcode: '123456' });
        times[kind]!.push(performance.now() - started);
        expect(res.status).toBe(404);
        bodies.add(await res.text());
      }
    }
    expect(bodies.size).toBe(1);
    // A gone id costs one lookup and no Argon2 (decision 0046): a burst of random ids takes no
    // one's hashing time. Only a live link's passcode is hashed.
    expect(argon2Work.anonymous).toBe(hashed);
    expect((await open(live, { passcode: '123456' })).status).toBe(401);
    expect(argon2Work.anonymous).toBe(hashed + 1);
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const medians = Object.values(times).map(median);
    // The same lookup for each (a malformed id too): the medians stay within 3× of each other on a loaded machine.
    expect(Math.max(...medians) / Math.min(...medians)).toBeLessThan(3);
  });
});

describe('limits', () => {
  it('refuses a ciphertext over 512 kB with 413 in the contract’s shape', async () => {
    const { jwe } = await encrypt();
    const [h, , iv, , tag] = jwe.split('.');
    const big = `${h}..${iv}.${'A'.repeat(MAX_CIPHERTEXT)}.${tag}`;
    const res = await json(
      await call(mae, `/api/children/${lia}/share-links`, {
        body: { ciphertext: big, from: '2026-11-01', to: '2026-11-21', expiresInDays: 7 },
      }),
    );
    expect(res).toEqual({ status: 413, body: { error: { code: 'too_large', message: MESSAGES.shareTooLarge } } });
    const huge = await json(
      await call(mae, `/api/children/${lia}/share-links`, {
        body: { ciphertext: 'A'.repeat(MAX_CIPHERTEXT + 10_000), from: '2026-11-01', to: '2026-11-21' },
      }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('too_large');
  });

  it('allows 20 links per child in any 24 hours, then 429 with Retry-After', async () => {
    const kid = (await json(await call(mae, '/api/children', { body: { name: 'Téo', birthDate: '2020-01-01' } }))).body
      .child.id;
    for (let i = 0; i < SHARE_LINKS_PER_CHILD_PER_DAY; i++) expect((await create(mae, {}, kid)).status).toBe(201);
    const { jwe } = await encrypt();
    const res = await call(mae, `/api/children/${kid}/share-links`, {
      body: { ciphertext: jwe, from: '2026-11-01', to: '2026-11-21' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(24 * 3600);
    expect((await res.json()).error).toMatchObject({ code: 'rate_limited', message: MESSAGES.shareLinksPerDay });
    clock.advance(DAY_MS);
    expect((await create(mae, {}, kid)).status).toBe(201);
  });

  it('limits openings per address', async () => {
    const id = (await create(mae)).body.link.id;
    const ip = '192.0.2.77';
    for (let i = 0; i < SHARE_OPENS_PER_ADDRESS; i++)
      expect((await call(null, `/api/share/${id}`, { body: {}, ip })).status).toBe(200);
    const over = await call(null, `/api/share/${id}`, { body: {}, ip });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });
});

describe('what the server holds', () => {
  it('never holds the key or the plaintext: the stored rows and the log of the whole flow have neither', async () => {
    logLines.length = 0;
    const payload = { child: { firstName: 'Anabela' }, current: [{ name: 'Guanfacina', dose: '1 mg às 20:00' }] };
    const { key, keyText, jwe } = await encrypt(payload);
    const made = await json(
      await call(mae, `/api/children/${lia}/share-links`, {
        body: { ciphertext: jwe, from: '2026-11-01', to: '2026-11-21', passcode: '735102' },
      }),
    );
    const id = made.body.link.id;
    await open(id, { passcode: '000000' });
    const opened = await json(await open(id, { passcode: '735102' }));
    const { plaintext } = await compactDecrypt(opened.body.ciphertext, key);
    expect(new TextDecoder().decode(plaintext)).toContain('Guanfacina');
    await call(mae, `/api/children/${lia}/share-links`);
    await call(mae, `/api/account/export`);

    const stored = await dump();
    expect(stored).toContain(id); // the search looks where the link is
    const log = logLines.join('\n');
    // The route's pattern, never the link's id (issue 55; the whole flow: tests/hardening/secret-logs.test.ts).
    expect(log).toContain('/api/share/:linkId');
    expect(log).not.toContain(id);
    const hexKey = Buffer.from(key).toString('hex');
    const b64Key = Buffer.from(key).toString('base64');
    for (const secret of [keyText, hexKey, b64Key, 'Anabela', 'Guanfacina', '1 mg às 20:00', '735102']) {
      expect(stored, secret).not.toContain(secret);
      expect(log, secret).not.toContain(secret);
    }
  });

  it('lists her links and their openings in the export', async () => {
    const made = await create(mae);
    await open(made.body.link.id);
    const exported = await json(await call(mae, '/api/account/export'));
    const link = exported.body.shareLinks.find((l: { id: string }) => l.id === made.body.link.id);
    expect(link).toMatchObject({ childId: lia, hasPasscode: false, createdByYou: true });
    expect(link.openings).toEqual([clock.now().toISOString()]);
    expect(JSON.stringify(exported.body.shareLinks)).not.toContain(made.jwe);
  });

  it('deletes every link, ciphertext and opening with the child, and with the account', async () => {
    const kid = (await json(await call(mae, '/api/children', { body: { name: 'Bia', birthDate: '2018-05-05' } }))).body
      .child.id;
    const ofKid = await create(mae, {}, kid);
    await open(ofKid.body.link.id);
    expect((await call(mae, `/api/children/${kid}`, { method: 'DELETE' })).status).toBe(204);
    const afterChild = await dump();
    expect(afterChild).not.toContain(ofKid.body.link.id);
    expect(afterChild).not.toContain(ofKid.jwe);

    // The carer's link for Lia goes with the carer's account; the mother's with hers.
    const carers = await create(cuidador);
    expect((await call(cuidador, '/api/account/delete', { body: { password: PASSWORD } })).status).toBe(204);
    expect(await dump()).not.toContain(carers.jwe);
    await open((await create(mae)).body.link.id);
    expect((await call(mae, '/api/account/delete', { body: { password: PASSWORD } })).status).toBe(204);
    for (const table of ['share_links', 'share_link_ciphertexts', 'share_link_openings'])
      expect(await count(table), table).toBe(0);
  });
});

async function count(table: string): Promise<number> {
  const result = (await t.db.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown;
  const rows = Array.isArray(result) ? result : (result as { rows: Array<{ n: number }> }).rows;
  return Number(rows[0].n);
}
