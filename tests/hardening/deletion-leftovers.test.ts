/**
 * Deletion leaves nothing that points back (issue 55, L "what stays after a deletion"): after a
 * child's or an account's deletion, no row of any table (the queue's too) holds its id, its e-mail
 * or the addresses its requests came from; a request about an e-mail with no account keeps a keyed
 * hash of it (HMAC under AUDIT_EMAIL_KEY) and no address; the audit log is purged after six months
 * by a job on the durable queue; and a carer removed from a circle takes her links for the
 * professional with her, at once.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CompactEncrypt } from 'jose';
import { auditLog } from '../../api/db/schema.ts';
import type { MailMessage } from '../../api/email/transport.ts';
import { AUDIT_RETENTION_MONTHS } from '../../api/services/audit.ts';
import { DAY_MS, today } from '../../src/shared/clock.ts';
import { activateSubscription, login, PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { seedMother } from '../support/mothers.ts';

const AUDIT_EMAIL_KEY = 'chave-de-teste-para-os-emails-do-registro-0123456789';
const mails: MailMessage[] = [];
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({
    mailer: { send: async (message) => void mails.push(message) },
    env: { TRUST_PROXY: '1', AUDIT_EMAIL_KEY },
  });
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
});

type Who = { cookie: string; userId: string };

/** A call from a fresh address of its own, as `who`; the address is answered too. */
async function as(who: Who | null, path: string, init: { method?: string; body?: unknown } = {}) {
  const ip = `198.51.100.${(++address % 250) + 1}`;
  const res = await t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body ?? (init.method === 'DELETE' ? {} : undefined),
    headers: { ...(who ? { cookie: who.cookie } : {}), 'x-forwarded-for': ip },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, ip };
}

async function mother(email: string): Promise<Who> {
  await seedMother(t.db.handle.db, email);
  const who = await login(t, email);
  await activateSubscription(t, who.userId);
  return who;
}

async function addChild(owner: Who, name = 'Lia Souza') {
  const added = await as(owner, '/api/children', { body: { name, birthDate: '2018-04-04' } });
  expect(added.status).toBe(201);
  return added.body.child.id as string;
}

async function shareLink(who: Who, childId: string) {
  const ciphertext = await new CompactEncrypt(new TextEncoder().encode('{"child":{"firstName":"Lia"}}'))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(new Uint8Array(randomBytes(32)));
  const made = await as(who, `/api/children/${childId}/share-links`, {
    body: { ciphertext, from: today(), to: today(), expiresInDays: 7 },
  });
  expect(made.status).toBe(201);
  return made.body.link.id as string;
}

/** Every row of every table, the queue's included, as JSON text: what a dump would show. */
async function dump(): Promise<string> {
  const db = t.db.handle.db;
  const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['audit_log', 'rate_limits', 'job']));
  let text = '';
  for (const { schema, name } of tables)
    for (const { row } of rowsOf<{ row: string }>(
      await db.execute(sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t`)),
    ))
      text += `${schema}.${name}: ${row}\n`;
  return text;
}

/** A child with a circle, an invitation, a school link and a link for the professional: its id everywhere. */
async function childWithHistory(owner: Who, carer: Who, carerEmail: string) {
  const lia = await addChild(owner);
  mails.length = 0;
  expect(
    (await as(owner, `/api/children/${lia}/invitations`, { body: { email: carerEmail, role: 'carer' } })).status,
  ).toBe(201);
  await t.deps.jobs.idle();
  const token = /\?token=([a-z2-7]{32})/.exec(mails.find((m) => m.to === carerEmail)!.text)![1]!;
  expect((await as(carer, '/api/invitations/accept', { body: { token } })).status).toBe(200);
  expect(
    (await as(owner, `/api/children/${lia}/school-links`, { body: { label: 'Profª Ana', expiresInDays: 30 } })).status,
  ).toBe(201);
  return { lia, byOwner: await shareLink(owner, lia), byCarer: await shareLink(carer, lia) };
}

it("leaves no row with a deleted child's id: not the audit log's details, not the attempt counters, not the queue", async () => {
  const mae = await mother('mae.filho@example.com');
  const pai = await mother('pai.filho@example.com');
  const { lia } = await childWithHistory(mae, pai, 'pai.filho@example.com');
  const stays = await addChild(mae, 'Bia Souza');
  await shareLink(mae, stays);
  expect(await dump()).toContain(lia);

  expect((await as(mae, `/api/children/${lia}`, { method: 'DELETE' })).status).toBe(204);
  await t.deps.jobs.idle();
  const after = await dump();
  expect(after).not.toContain(lia);
  // What happened stays, without which child; the other child's rows keep theirs.
  const created = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.event, 'share_link_created'));
  expect(created.length).toBeGreaterThanOrEqual(3);
  expect(after).toContain(stays);
});

it('leaves no row with a deleted account’s id, e-mail or addresses, its children’s ids included', async () => {
  const email = 'sem-volta@example.com';
  const mae = await mother(email);
  const avo = await mother('avo.conta@example.com');
  const { lia } = await childWithHistory(mae, avo, 'avo.conta@example.com');
  const asked = await as(null, '/api/auth/forgot', { body: { email } });
  expect(asked.status).toBe(202);
  await t.deps.jobs.idle();
  const before = await dump();
  for (const trace of [mae.userId, lia, email, asked.ip]) expect(before).toContain(trace);

  const deleted = await as(mae, '/api/account/delete', { body: { password: PASSWORD } });
  expect(deleted.status).toBe(204);
  await t.deps.jobs.idle();
  const after = await dump();
  for (const trace of [mae.userId, lia, email, asked.ip, deleted.ip]) expect(after, trace).not.toContain(trace);
});

it('keeps, for an e-mail with no account, a keyed hash of it and no address', async () => {
  const email = 'ninguem.aqui@example.com';
  const asked = await as(null, '/api/auth/forgot', { body: { email } });
  expect(asked.status).toBe(202);
  const wrong = await as(null, '/api/auth/login', { body: { email, password: 'uma-senha-qualquer' } });
  expect(wrong.status).toBe(401);
  const rows = await t.db.handle.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.event} in ('password_reset_requested', 'login_failed') and ${auditLog.userId} is null`);
  const bare = createHash('sha256').update(email).digest('hex');
  const keyed = createHmac('sha256', AUDIT_EMAIL_KEY).update(email).digest('hex');
  const mine = rows.filter((row) => row.emailHash === keyed);
  expect(mine.map((row) => row.event).sort()).toEqual(['login_failed', 'password_reset_requested']);
  for (const row of mine) expect(row).toMatchObject({ ip: null, userAgent: null });
  const text = JSON.stringify(rows);
  for (const trace of [bare, asked.ip, wrong.ip, email]) expect(text).not.toContain(trace);
});

it('purges the audit log after six months, by a job on the durable queue', async () => {
  const now = t.deps.clock?.now() ?? new Date();
  const old = new Date(now);
  old.setUTCMonth(old.getUTCMonth() - AUDIT_RETENTION_MONTHS);
  const db = t.db.handle.db;
  await db.insert(auditLog).values([
    { event: 'login_ok', at: new Date(old.getTime() - DAY_MS), ip: '192.0.2.71', details: { marca: 'velha' } },
    { event: 'login_ok', at: new Date(old.getTime() + DAY_MS), ip: '192.0.2.72', details: { marca: 'recente' } },
  ]);
  expect(AUDIT_RETENTION_MONTHS).toBe(6);
  await t.deps.jobs.send('audit-purge', {});
  await t.deps.jobs.idle();
  const left = JSON.stringify(await db.select().from(auditLog));
  expect(left).not.toContain('192.0.2.71');
  expect(left).toContain('192.0.2.72');
});

it('revokes, at once, the links for the professional a removed carer made for the child', async () => {
  const mae = await mother('mae.remove@example.com');
  const pai = await mother('pai.remove@example.com');
  const { lia, byOwner, byCarer } = await childWithHistory(mae, pai, 'pai.remove@example.com');
  expect((await as(null, `/api/share/${byCarer}`, { body: {} })).status).toBe(200);

  expect((await as(mae, `/api/children/${lia}/members/${pai.userId}`, { method: 'DELETE' })).status).toBe(204);
  expect((await as(null, `/api/share/${byCarer}`, { body: {} })).status).toBe(404);
  expect((await as(null, `/api/share/${byOwner}`, { body: {} })).status).toBe(200);
  const [revoked] = (await as(mae, `/api/children/${lia}/share-links`)).body.links.filter(
    (l: { id: string }) => l.id === byCarer,
  );
  expect(revoked.revokedAt).not.toBeNull();
});
