import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { createApp } from '../../api/app.ts';
import { DOCS_CSP } from '../../api/http/middleware.ts';
import { answers, guard, openApiDocument } from '../../api/http/openapi.ts';
import { jsonBody } from '../../api/http/validate.ts';
import { createTestApp, SITE, type TestApp } from '../support/app.ts';
import { checkAnswer, undeclaredRoutes } from '../support/openapi.ts';

// Every optional route mounted: the operator's (ADMIN_TOKEN) and the reference page (API_DOCS).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_TOKEN: 'a'.repeat(40), API_DOCS: '1' } });
});
afterAll(() => t.close());

describe('the API describes itself', () => {
  it('serves a valid OpenAPI 3.1 document at /api/openapi.json', async () => {
    const res = await t.call('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("passes Redocly's recommended lint with no error", async () => {
    const doc = await (await t.call('/api/openapi.json')).json();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: SITE })]);
  });

  it('says which operations need the session cookie and what each can refuse, from the routing table', async () => {
    const doc = await (await t.call('/api/openapi.json')).json();
    const op = (path: string, method: string) => doc.paths[path][method];
    const refused = (path: string, method: string) =>
      Object.keys(op(path, method).responses).filter((status) => /^4/.test(status));
    // Public: no cookie needed, said outright.
    expect(op('/api/health', 'get').security).toEqual([]);
    expect(op('/api/auth/login', 'post').security).toEqual([]);
    // The write's and the validator's refusals derived; the service's (wrong password, limits) named by the route.
    expect(refused('/api/auth/login', 'post')).toEqual(['400', '401', '403', '413', '415', '422', '429']);
    // Behind requireUser, whether by .use() on the sub-app or inline before the handler.
    expect(op('/api/me', 'get').security).toEqual([{ session: [] }]);
    expect(op('/api/auth/logout', 'post').security).toEqual([{ session: [] }]);
    expect(refused('/api/children/{id}/members', 'get')).toEqual(['401', '404']);
    expect(op('/api/children/{id}/members', 'get').responses['404'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    // The team's console (requireStaff) and the operator's token (bearer).
    expect(refused('/api/staff/metrics', 'get')).toEqual(['403', '404']);
    expect(op('/api/admin/staff', 'post').security).toEqual([{ operator: [] }]);
    expect(refused('/api/admin/staff', 'post')).toContain('429');
    const unsecured = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { security?: unknown }>)
        .filter(([, operation]) => !Array.isArray(operation.security))
        .map(([method]) => `${method} ${path}`),
    );
    expect(unsecured).toEqual([]);
  });

  it('lists every route of the app, each with its declared answers', async () => {
    expect(await undeclaredRoutes(t.app)).toEqual([]);
    const doc = await (await t.call('/api/openapi.json')).json();
    // A sample of each kind: public, signed-in, path ids, query, operator, the document itself.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/children/{id}/notes/{condition}',
        '/api/admin/staff',
        '/api/openapi.json',
        '/api/docs',
      ]),
    );
    const post = doc.paths['/api/children'].post;
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('birthDate');
    expect(post.responses['201'].content['application/json'].schema.properties).toHaveProperty('child');
    expect(post.responses.default.content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(doc.paths['/api/diary'].get.parameters.map((p: { name: string }) => p.name)).toContain('childId');
  });

  it('applies a guard only to the routes it runs before, on its paths and methods', async () => {
    const gate = guard(async (_c, next) => next(), 'session', [401]);
    const ok = z.object({ ok: z.boolean() });
    const reply = (c: Context) => c.json({ ok: true });
    const app = new Hono()
      .get('/api/open', answers('Before the guard', { 200: ok }), reply)
      .use('/api/closed/*', gate)
      .get('/api/open/later', answers('Not under its path', { 200: ok }), reply)
      .get('/api/closed/:id', answers('Under it', { 200: ok }), reply)
      .post('/api/inline', answers('Guarded inline', { 200: ok }), gate, reply);
    const doc = await openApiDocument(app);
    const security = (path: string, method: 'get' | 'post') => doc.paths?.[path]?.[method]?.security;
    expect(security('/api/open', 'get')).toEqual([]);
    expect(security('/api/open/later', 'get')).toEqual([]);
    expect(security('/api/closed/{id}', 'get')).toEqual([{ session: [] }]);
    expect(security('/api/inline', 'post')).toEqual([{ session: [] }]);
    expect(Object.keys(doc.paths?.['/api/closed/{id}']?.get?.responses ?? {})).toEqual([
      '200',
      '401',
      '404',
      'default',
    ]);
  });

  it('finds a route that declares no answers', async () => {
    const app = new Hono()
      .get('/api/declared', answers('Declared', { 200: z.object({ ok: z.boolean() }) }), (c) => c.json({ ok: true }))
      .post('/api/bare', jsonBody(z.object({ name: z.string() })), (c) => c.json({ ok: true }))
      .get('/api/nothing', (c) => c.json({ ok: true }));
    expect(await undeclaredRoutes(app)).toEqual(['POST /api/bare', 'GET /api/nothing']);
  });

  it("fails an answer that does not match the route's declared schema", async () => {
    const app = new Hono()
      .get('/api/thing', answers('A thing', { 200: z.object({ name: z.string() }) }), (c) => {
        const kind = c.req.query('kind');
        if (kind === 'number') return c.json({ name: 1 });
        if (kind === 'extra') return c.json({ name: 'a', secret: 'b' });
        if (kind === 'created') return c.json({ name: 'a' }, 201);
        if (kind === 'error') return c.json({ oops: true }, 500);
        return c.json({ name: 'a' });
      })
      .get('/api/undeclared', (c) => c.json({}));
    const check = async (path: string) => checkAnswer(app, 'GET', path, await app.request(`${SITE}${path}`));
    await expect(check('/api/thing')).resolves.toBeUndefined();
    await expect(check('/api/thing?kind=number')).rejects.toThrow(/does not match.*\/name must be string/s);
    await expect(check('/api/thing?kind=extra')).rejects.toThrow(/additionalProperty.*secret/s);
    await expect(check('/api/thing?kind=created')).rejects.toThrow(/status 201 not declared/);
    await expect(check('/api/thing?kind=error')).rejects.toThrow(/Error.*must have required property 'error'/s);
    await expect(check('/api/undeclared')).rejects.toThrow(/no route in \/api\/openapi.json declares/);
  });
});

describe("the operator's reference page", () => {
  it('is served with API_DOCS=1, its script and style from this server, under its own policy', async () => {
    const res = await t.call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script type="text\/javascript">|style=/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    for (const asset of assets) {
      const got = await t.call(asset);
      expect(got.status, asset).toBe(200);
      expect(got.headers.get('content-type'), asset).toMatch(/^text\/(css|javascript)/);
      expect((await got.text()).length, asset).toBeGreaterThan(20);
    }
    expect(await (await t.call('/api/docs/init.js')).text()).toContain("url: '/api/openapi.json'");
    expect((await t.call('/api/docs/secret.txt')).status).toBe(404);
  });

  it('is not served without API_DOCS, while the document is', async () => {
    const plain = createApp({ ...t.deps, config: { ...t.deps.config, API_DOCS: false } });
    const get = (path: string) => plain.request(`${SITE}${path}`, { headers: { origin: SITE } });
    const res = await get('/api/docs');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; frame-ancestors/);
    expect((await get('/api/docs/swagger-ui-bundle.js')).status).toBe(404);
    expect((await get('/api/openapi.json')).status).toBe(200);
  });
});
