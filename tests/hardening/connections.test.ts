/**
 * Dead connections are never handed to a request (issue 15, problem 8). Every backend of the API
 * is terminated with pg_terminate_backend (what a failover or an administrator does); one second
 * later, with PostgreSQL healthy, a burst of 50 parallel requests (reads, and writes carrying the
 * device's id) must all succeed. Several rounds, some with the connections busy when they die.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import postgres from 'postgres';
import { hashPassword } from '../../api/services/passwords.ts';
import { generateToken, hashToken } from '../../api/services/sessions.ts';
import { requestProcess } from '../support/api-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

const API_PORT = 4493;
const ROUNDS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(process.env.DATABASE_URL)('terminated connections', () => {
  let database: TestDatabase;
  let api: ChildProcess;
  let admin: postgres.Sql;
  let cookie: string;
  const apiLog: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = postgres(database.url!, { max: 1, onnotice: () => {} });
    const [user] =
      await db`insert into users (email, password_hash, email_confirmed_at) values ('conexao@example.com', ${await hashPassword('x')}, now()) returning id`;
    await db`insert into subscriptions (user_id, status, plan_id, expires_at) values (${user!.id}, 'paid', '3-meses', now() + interval '30 days')`;
    const token = generateToken();
    await db`insert into sessions (id, user_id, expires_at) values (${hashToken(token)}, ${user!.id}, now() + interval '20 days')`;
    await db.end();
    cookie = `session=${token}`;
    admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    api = spawn(process.execPath, ['api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: '10',
        STATIC_DIR: '',
        LOG_REQUESTS: '0',
        REQUEST_DEADLINE_MS: '5000',
        PUBLIC_SITE_URL: 'http://localhost:4321',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    api.stdout!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (/warn|error/.test(line)) apiLog.push(line.slice(-300));
    });
    await new Promise<void>((resolve, reject) => {
      api.stdout!.on('data', (d: Buffer) => /listening/.test(d.toString()) && resolve());
      api.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });
  });

  afterAll(async () => {
    api?.kill('SIGKILL');
    await admin?.end();
    await database?.drop();
  });

  async function request(i: number): Promise<{ status: number; body: string }> {
    const write = i % 3 === 0;
    const path = ['/api/diary', '/api/me', '/api/children'][i % 3]!;
    try {
      const entry = write ? { behavior: 'Rajada', context: 'Conexões encerradas' } : undefined;
      const res = await requestProcess(API_PORT, path, cookie, 15_000, entry);
      return { status: res.status, body: await res.text() };
    } catch (err) {
      return { status: 0, body: String(err) };
    }
  }

  const burst = () => Promise.all(Array.from({ length: 50 }, (_, i) => request(i)));
  const terminate = async () =>
    (
      await admin`select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = ${new URL(database.url!).pathname.slice(1)} and application_name = 'olhar-de-mae-api'`
    ).length;

  it('answers a burst one second after every API backend was terminated, without one error', async () => {
    const failures: string[] = [];
    let terminated = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const warm = await burst(); // fills the pool
      expect(
        warm.filter((r) => r.status >= 400 || r.status === 0),
        `round ${round}: ${apiLog.join('\n')}`,
      ).toEqual([]);
      // Odd rounds: terminate while a burst is running, so connections die busy as well as idle.
      const load = round % 2 ? burst() : Promise.resolve([]);
      terminated += await terminate();
      await load;
      await sleep(1000);
      const results = await burst();
      for (const r of results) if (r.status >= 400 || r.status === 0) failures.push(`${r.status} ${r.body}`);
    }
    console.log(
      `terminated ${terminated} backends over ${ROUNDS} rounds; ${ROUNDS * 50} requests after: ${failures.length} errors`,
    );
    expect(terminated).toBeGreaterThan(ROUNDS);
    expect(failures).toEqual([]);
  });
});
