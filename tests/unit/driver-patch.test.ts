import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATCH_MARK, PATCHED_VERSION, postgresDir, postgresPatchProblem } from '../../api/db/driver-patch.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

describe("the postgres driver's patch (decision 0029)", () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'postgres-patch-'));
    cpSync(postgresDir(), copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('is pinned to the exact version its patch was made for, and applied in this install', () => {
    expect(pkg.dependencies.postgres).toBe(PATCHED_VERSION);
    expect(readFileSync(`patches/postgres+${PATCHED_VERSION}.patch`, 'utf8')).toContain(PATCH_MARK);
    expect(postgresPatchProblem()).toBeUndefined();
  });

  it('names the file and the command when the patch is missing', () => {
    const file = join(copy, 'src/connection.js');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(PATCH_MARK, 'upstream'));
    expect(postgresPatchProblem(copy)).toMatch(
      /não foi aplicado em node_modules\/postgres\/src\/connection\.js.*npx patch-package/,
    );
  });

  it('names both versions when another driver is installed', () => {
    const manifest = join(copy, 'package.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '3.5.0' }));
    expect(postgresPatchProblem(copy)).toMatch(/postgres 3\.5\.0 instalado.*para 3\.4\.9/);
  });
});
