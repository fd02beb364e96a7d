/**
 * The API benchmark's floor: a bare node:http server doing the database work the API does for
 * GET /api/diary, POST /api/diary, GET /api/me and GET /api/insights, through the API's own data layer (openDatabase:
 * postgres.js, same pool, statements prepared) — the same session check (validateSession: SHA-256
 * of the cookie's token, the session + subscription prepared query, expiry, sliding renewal), then
 * the same service call as the route (api/services). What it leaves out is what "API / floor" measures: Hono's
 * routing and middleware, zod validation of the body and the query, and the request log.
 * Started by scripts/bench-api.ts, which checks that it answers the same bodies as the API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { openDatabase } from '../api/db/client.ts';
import { childSummaries } from '../api/services/children.ts';
import { createEntry, type Input, listEntries } from '../api/services/diary.ts';
import { insightsFor } from '../api/services/insights.ts';
import { profileOf } from '../api/services/profile.ts';
import { SESSION_COOKIE, validateSession } from '../api/services/sessions.ts';
import { staffState } from '../api/services/staff.ts';
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
      return send(res, 200, { entries: await listEntries(db, userId, { type }) }, headers);
    }
    if (req.method === 'GET' && url.pathname === '/api/me') {
      const [profile, kids, team] = await Promise.all([
        profileOf(db, userId),
        childSummaries(db, userId),
        staffState(db, userId, found.session, now),
      ]);
      const { subscription } = found;
      return send(
        res,
        200,
        {
          user: { id: userId, email: found.user.email },
          profile,
          profileComplete: isProfileComplete(profile),
          children: kids,
          subscription: { active: subscription.active, expiresAt: subscription.expiresAt?.toISOString() ?? null },
          staff: team.staff,
          twoFactorPassed: team.twoFactorPassed,
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
      return send(res, 201, { entry: await createEntry(db, userId, input, now) }, headers);
    }
    return send(res, 404, { error: { code: 'not_found' } }, headers);
  } catch (err) {
    send(res, 500, { error: { code: 'internal', message: String(err) } });
  }
});
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'floor_listening', port })));
process.on('SIGTERM', () => server.close(() => void handle.close().then(() => process.exit(0))));
