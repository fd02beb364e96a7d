import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API shell', () => {
  it('answers health with the database reachable', async () => {
    const res = await t.call('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('puts the security headers on every response', async () => {
    for (const path of ['/api/health', '/api/does-not-exist']) {
      const res = await t.call(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(res.headers.get('permissions-policy')).toContain(`${feature}=()`);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS only when the request came over https', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const res = await behindProxy.call('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await behindProxy.close();
    }
  });

  it('answers an unknown API route with 404 in the contract shape', async () => {
    const res = await t.call('/api/nada-aqui');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Rota não encontrada.' } });
  });

  it('refuses a mutation that is not JSON with 415', async () => {
    const res = await t.call('/api/health', {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('unsupported_media_type');
  });

  it('refuses a mutation from another origin with 403', async () => {
    const res = await t.call('/api/health', { method: 'POST', body: {}, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toEqual({ code: 'forbidden', message: 'Origem não permitida.' });
  });

  it('refuses a cross-site browser mutation that hides its origin', async () => {
    const res = await t.app.request('http://localhost:4321/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const res = await t.call('/api/health', { method: 'POST', body: JSON.stringify({ x: 'a'.repeat(65 * 1024) }) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('too_large');
  });

  it('allows the configured cross-origin site with credentials', async () => {
    const split = await createTestApp({ env: { CORS_ORIGINS: 'https://app.olhardemae.com.br' } });
    try {
      const res = await split.call('/api/health', { headers: { origin: 'https://app.olhardemae.com.br' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.olhardemae.com.br');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await split.call('/api/health', { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(other.headers.get('vary')).toContain('Origin');

      // A refusal (signed out) is readable by the site too, with how long to wait when there is one.
      const refused = await split.call('/api/me', { headers: { origin: 'https://app.olhardemae.com.br' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe('https://app.olhardemae.com.br');
      expect(refused.headers.get('access-control-expose-headers')).toBe('Retry-After');
      expect(refused.headers.get('vary')).toContain('Origin');
      expect((await refused.json()).error.code).toBe('unauthenticated');

      // The browser's preflight before a JSON POST from the site.
      const preflight = await split.call('/api/diary', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.olhardemae.com.br',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.olhardemae.com.br');
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
      expect(preflight.headers.get('access-control-max-age')).toBe('600');
      const foreign = await split.call('/api/diary', {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await split.close();
    }
  });

  it('answers health with 503 when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.db.handle.close();
    const started = performance.now();
    const res = await broken.call('/api/health');
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('unavailable');
    expect(performance.now() - started).toBeLessThan(2500);
  });
});
