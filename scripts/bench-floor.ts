/**
 * The API benchmark's floor: a bare node:http server running the same SQL as the API through the
 * same driver (postgres.js, same pool size) — no framework, no auth, no validation. The user id
 * comes in a header. Started by scripts/bench-api.ts as its own process.
 */
import { createServer } from 'node:http';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: Number(process.env.DATABASE_POOL_MAX ?? 10), onnotice: () => {} });
const port = Number(process.env.PORT ?? 4472);

const server = createServer(async (req, res) => {
  const userId = req.headers['x-user'] as string;
  const url = new URL(req.url ?? '/', 'http://floor');
  try {
    let body: unknown;
    let status = 200;
    if (req.method === 'GET' && url.pathname === '/api/diary') {
      const entries = await sql`select "id", "type", "date", "time", "behavior", "context", "intensity", "meal", "foods", "reaction", "mood", "created_at"
        from "diary_entries" where ("user_id" = ${userId} and "type" = ${url.searchParams.get('type')!}) order by "created_at" desc, "id" desc`;
      body = { entries };
    } else if (req.method === 'GET' && url.pathname === '/api/me') {
      const [[profile], [subscription]] = await Promise.all([
        sql`select "full_name", "email", "phone", "cpf" from "profiles" where "user_id" = ${userId} limit 1`,
        sql`select "expires_at" from "subscriptions" where ("user_id" = ${userId} and "status" = 'paid' and "expires_at" > ${new Date()}) order by "expires_at" desc limit 1`,
      ]);
      body = { user: { id: userId }, profile: profile ?? null, subscription: { active: Boolean(subscription) } };
    } else if (req.method === 'POST' && url.pathname === '/api/diary') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const input = JSON.parse(raw);
      const [entry] = await sql`insert into "diary_entries" ("user_id", "type", "date", "time", "behavior", "context", "intensity")
        values (${userId}, ${input.type}, ${input.date}, ${input.time}, ${input.behavior}, ${input.context}, ${input.intensity}) returning *`;
      body = { entry };
      status = 201;
    } else {
      status = 404;
      body = { error: 'not found' };
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: String(err) }));
  }
});
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'floor_listening', port })));
process.on('SIGTERM', () => server.close(() => void sql.end().then(() => process.exit(0))));
