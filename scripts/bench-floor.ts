/**
 * The API benchmark's floor: a bare node:http server doing the database work the API does for
 * GET /api/diary, POST /api/diary, GET /api/me and GET /api/insights, through the API's own data layer (openDatabase:
 * postgres.js, same pool, statements prepared) — the same session check (validateSession: SHA-256
 * of the cookie's token, the session + subscription prepared query, expiry, sliding renewal), then
 * the same drizzle query as the route. What it leaves out is what "API / floor" measures: Hono's
 * routing and middleware, zod validation of the body and the query, and the request log.
 * Started by scripts/bench-api.ts, which checks that it answers the same bodies as the API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { and, asc, desc, eq } from 'drizzle-orm';
import { openDatabase } from '../api/db/client.ts';
import { children, diaryEntries, profiles } from '../api/db/schema.ts';
import { childForWrite } from '../api/services/children.ts';
import { columns, type Input, present, valuesOf } from '../api/services/diary.ts';
import { insightsFor } from '../api/services/insights.ts';
import { SESSION_COOKIE, validateSession } from '../api/services/sessions.ts';
import { resolvePeriod } from '../src/shared/insights-core.ts';
import { isProfileComplete } from '../src/shared/validation.ts';

const handle = await openDatabase({
  url: process.env.DATABASE_URL!,
  poolMax: Number(process.env.DATABASE_POOL_MAX ?? 10),
});
const { db } = handle;
const port = Number(process.env.PORT ?? 4472);

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value;
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === null ? undefined : JSON.stringify(body));
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  try {
    const token = cookieToken(req);
    const now = new Date();
    const found = token ? await validateSession(db, token, now) : null;
    if (!found) return send(res, 401, { error: { code: 'unauthenticated' } });
    const headers: Record<string, string> = found.session.renewed
      ? { 'set-cookie': `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax` }
      : {};
    const userId = found.user.id;

    if (req.method === 'GET' && url.pathname === '/api/diary') {
      const type = url.searchParams.get('type') === 'food' ? 'food' : 'behavior';
      const rows = await db
        .select(columns)
        .from(diaryEntries)
        .where(and(eq(diaryEntries.userId, userId), eq(diaryEntries.type, type)))
        .orderBy(desc(diaryEntries.createdAt), desc(diaryEntries.id));
      return send(res, 200, { entries: rows.map(present) }, headers);
    }
    if (req.method === 'GET' && url.pathname === '/api/me') {
      const [[profile], kids] = await Promise.all([
        db
          .select({ fullName: profiles.fullName, email: profiles.email, phone: profiles.phone, cpf: profiles.cpf })
          .from(profiles)
          .where(eq(profiles.userId, userId))
          .limit(1),
        db
          .select({ id: children.id, name: children.name, birthDate: children.birthDate })
          .from(children)
          .where(eq(children.userId, userId))
          .orderBy(asc(children.createdAt), asc(children.id)),
      ]);
      const { subscription } = found;
      return send(
        res,
        200,
        {
          user: { id: userId, email: found.user.email },
          profile: profile ?? null,
          profileComplete: isProfileComplete(profile),
          children: kids,
          subscription: { active: subscription.active, expiresAt: subscription.expiresAt?.toISOString() ?? null },
        },
        headers,
      );
    }
    if (req.method === 'GET' && url.pathname === '/api/insights') {
      if (!found.subscription.active) return send(res, 402, { error: { code: 'subscription_required' } }, headers);
      const q = url.searchParams;
      const period = resolvePeriod({ from: q.get('from') ?? undefined, to: q.get('to') ?? undefined }, now);
      try {
        return send(res, 200, await insightsFor(db, userId, q.get('childId') ?? '', period, now), headers);
      } catch {
        return send(res, 404, { error: { code: 'not_found' } }, headers);
      }
    }
    if (req.method === 'POST' && url.pathname === '/api/diary') {
      if (!found.subscription.active) return send(res, 402, { error: { code: 'subscription_required' } }, headers);
      let raw = '';
      for await (const chunk of req) raw += chunk;
      // Parsed, not validated: validation is part of what the floor leaves out.
      const input = JSON.parse(raw) as Input;
      const childId = await childForWrite(db, userId, input.childId, now);
      const [inserted] = await db
        .insert(diaryEntries)
        .values({ ...(input.id ? { id: input.id } : {}), ...valuesOf(input), userId, childId, createdAt: now })
        .onConflictDoNothing({ target: diaryEntries.id })
        .returning(columns);
      if (inserted) return send(res, 201, { entry: present(inserted) }, headers);
      const [existing] = await db
        .select(columns)
        .from(diaryEntries)
        .where(and(eq(diaryEntries.id, input.id!), eq(diaryEntries.userId, userId)));
      return existing
        ? send(res, 201, { entry: present(existing) }, headers)
        : send(res, 409, { error: { code: 'conflict' } }, headers);
    }
    return send(res, 404, { error: { code: 'not_found' } }, headers);
  } catch (err) {
    send(res, 500, { error: { code: 'internal', message: String(err) } });
  }
});
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'floor_listening', port })));
process.on('SIGTERM', () => server.close(() => void handle.close().then(() => process.exit(0))));
