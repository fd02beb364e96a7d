/**
 * Addresses do not outlive the account (issue 40, L5): after she deletes her account, no IP address
 * she (or anyone trying her account) used is left in the database — not in the audit log, not in
 * the attempt counters, which keep an address only as a keyed hash whose key is thrown away within
 * two days. Checked on a dump of the whole database: pg_dump on PostgreSQL, every row as text on
 * PGlite.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { auditLog, rateLimits } from '../../api/db/schema.ts';
import type { MailMessage } from '../../api/email/transport.ts';
import { PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const mails: MailMessage[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    mailer: { send: async (message) => void mails.push(message) },
    env: { TRUST_PROXY: '1' },
  });
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
});

/** The whole database as text. */
async function dump(): Promise<string> {
  if (t.db.url) {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', '--no-owner', t.db.url], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(stdout).toContain('COPY public.audit_log');
    return stdout;
  }
  const db = t.db.handle.db;
  const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.some((row) => row.name === 'rate_limits')).toBe(true);
  let text = '';
  for (const { schema, name } of tables)
    for (const { row } of rowsOf<{ row: string }>(
      await db.execute(sql.raw(`select t::text as row from "${schema}"."${name}" t`)),
    ))
      text += `${schema}.${name}: ${row}\n`;
  return text;
}

it('leaves no IP address of a deleted account in the audit log or the attempt counters', async () => {
  const email = 'sem-rastro@example.com';
  const from = (address: string) => ({ 'x-forwarded-for': address });
  // Her addresses: sign-up, confirmation, logins right and wrong, a reset asked for, the deletion.
  const hers = ['198.51.100.161', '198.51.100.162', '198.51.100.163', '198.51.100.164', '198.51.100.165'];
  // Someone guessing her password from elsewhere: an address tied to her account too.
  const guesser = '203.0.113.166';
  const deletion = '198.51.100.167';
  expect(
    (await t.call('/api/auth/signup', { body: { email, password: PASSWORD, consent: true }, headers: from(hers[0]!) }))
      .status,
  ).toBe(201);
  await t.deps.jobs.idle();
  const link = new URL(/https?:\/\/\S+confirm\?token=\S+/.exec(mails.find((m) => m.to === email)!.text)![0]);
  await t.call(`${link.pathname}${link.search}`, { headers: from(hers[1]!) });
  const login = (password: string, address: string) =>
    t.call('/api/auth/login', { body: { email, password }, headers: from(address) });
  expect((await login('senha-errada-1', hers[2]!)).status).toBe(401);
  expect((await login('senha-errada-2', guesser)).status).toBe(401);
  const ok = await login(PASSWORD, hers[3]!);
  expect(ok.status).toBe(200);
  const cookie = ok.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect((await t.call('/api/auth/forgot', { body: { email }, headers: from(hers[4]!) })).status).toBe(202);
  // Another mother, who stays: her address stays in the log.
  const other = await t.call('/api/auth/signup', {
    body: { email: 'fica@example.com', password: PASSWORD, consent: true },
    headers: from('192.0.2.199'),
  });
  expect(other.status).toBe(201);
  await t.deps.jobs.idle();

  // Before the deletion, the log has her addresses (the counters never held them in clear).
  const before = await dump();
  for (const address of [...hers, guesser]) expect(before).toContain(address);
  const counters = await t.db.handle.db.select({ key: rateLimits.key }).from(rateLimits);
  expect(counters.length).toBeGreaterThan(0);
  for (const address of [...hers, guesser]) expect(counters.map((c) => c.key).join('\n')).not.toContain(address);

  const deleted = await t.call('/api/account/delete', {
    body: { password: PASSWORD },
    headers: { cookie, ...from(deletion) },
  });
  expect(deleted.status).toBe(204);
  await t.deps.jobs.idle();

  const after = await dump();
  for (const address of [...hers, guesser, deletion]) expect(after, address).not.toContain(address);
  expect(after).not.toContain(email);
  // The log keeps what happened, without who or where; the other mother's row is untouched.
  const [gone] = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.event, 'account_deleted'));
  expect(gone).toMatchObject({ ip: null, userAgent: null, userId: null, emailHash: null });
  expect(after).toContain('192.0.2.199');
});
