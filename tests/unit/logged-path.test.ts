/**
 * What a log line says of an address it did not match to an API route (issue 55): every page of
 * the site by its own path, and any segment that could be a token, a UUID or a link's id as
 * `:secret` — on a mistyped address too (the site's `page_not_found`). The API's own routes are
 * logged by pattern: tests/hardening/secret-logs.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactPath } from '../../api/http/logged-path.ts';
import { staticSite } from '../../api/static.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567';
const UUID = '9f242762-ce04-47a4-bf93-3cca54613a1e';
const SHARE_ID = 'K3Pk7d0TYty8AQDKHuLCPQ';

/** Every page's path from src/pages, with each guide's condition and stage as the build makes them. */
function sitePaths(): string[] {
  const paths: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = entry.name.replace(/\.astro$/, '');
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${name}`);
      else if (entry.name.endsWith('.astro')) paths.push(name === 'index' ? `${prefix}/` : `${prefix}/${name}/`);
    }
  };
  walk('src/pages', '');
  const guides = readdirSync('content/guides', { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const condition of guides)
    for (const stage of readdirSync(path.join('content/guides', condition.name)))
      paths.push(`/${condition.name}/${stage.replace(/\.mdx$/, '')}/`);
  return paths.filter((p) => !p.includes('['));
}

describe('redactPath', () => {
  it('leaves every page of the site as it is', () => {
    const paths = sitePaths();
    expect(paths).toEqual(expect.arrayContaining(['/politicas-de-privacidade/', '/direitos-na-escola/carta/']));
    for (const page of paths) expect(redactPath(page), page).toBe(page);
  });

  it('writes a token, a UUID or a link id as :secret, wherever it sits', () => {
    expect(redactPath(`/escola/${TOKEN}/`)).toBe('/escola/:secret/');
    expect(redactPath(`/api/children/${UUID}/nada`)).toBe('/api/children/:secret/nada');
    expect(redactPath(`/profissional/${SHARE_ID}.chave-que-nao-devia-estar-aqui`)).toBe('/profissional/:secret');
  });
});

it("logs a mistyped page's address without the secret it carries", async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'olhar-static-'));
  try {
    mkdirSync(path.join(root, 'escola'));
    writeFileSync(path.join(root, 'escola', 'index.html'), '<h1>Escola</h1>');
    const warnings: unknown[] = [];
    const site = staticSite(root, { info() {}, warn: (msg, fields) => warnings.push({ msg, ...fields }), error() {} });
    const res = await site.request(`/escola/${TOKEN}/`);
    expect(res.status).toBe(404);
    expect(warnings).toEqual([{ msg: 'page_not_found', path: '/escola/:secret/' }]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
