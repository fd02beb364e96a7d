import { ConfigError, loadConfig } from '../../api/env.ts';

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
});
