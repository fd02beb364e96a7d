import { ConfigError, loadConfig } from '../../api/env.ts';
import { forwardedClient } from '../../api/http/context.ts';

describe('configuration', () => {
  it('uses the one-machine defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toBe('.data/pglite');
    expect(config.siteUrl).toBe('http://localhost:4321');
    expect(config.allowedOrigins).toEqual(['http://localhost:4321']);
  });

  it('names PORT in one line when it is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (err) {
      expect((err as Error).message).toBe(
        'Configuração inválida: PORT deve ser um número de porta entre 1 e 65535 (recebido "abc")',
      );
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('adds CORS_ORIGINS to the allowed origins', () => {
    const config = loadConfig({
      PUBLIC_SITE_URL: 'https://olhardemae.com.br/',
      CORS_ORIGINS: 'https://app.example.com, https://b.example.com',
    });
    expect(config.siteUrl).toBe('https://olhardemae.com.br');
    expect(config.allowedOrigins).toEqual([
      'https://olhardemae.com.br',
      'https://app.example.com',
      'https://b.example.com',
    ]);
  });

  it('reads TRUST_PROXY as a number of hops, 0 to 10', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    for (const bad of ['11', '-1', 'talvez', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        `Configuração inválida: TRUST_PROXY deve ser o número de proxies confiáveis na frente da API, de 0 a 10 (recebido "${bad}")`,
      );
    }
  });
});

describe('client address behind proxies', () => {
  it('is the entry N from the right of X-Forwarded-For, never one the client wrote', () => {
    const header = '203.0.113.9, 198.51.100.7, 10.0.0.2';
    expect(forwardedClient(header, 0)).toBeNull();
    expect(forwardedClient(header, 1)).toBe('10.0.0.2');
    expect(forwardedClient(header, 2)).toBe('198.51.100.7');
    expect(forwardedClient('203.0.113.9', 1)).toBe('203.0.113.9');
    // Fewer entries than hops: not from our proxies; the socket's address is used instead.
    expect(forwardedClient('203.0.113.9', 2)).toBeNull();
    expect(forwardedClient(undefined, 1)).toBeNull();
  });
});
