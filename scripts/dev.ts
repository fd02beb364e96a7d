/**
 * npm run dev: Astro's dev server on 4321 and the API on API_PORT (4322). The islands call the API
 * directly (PUBLIC_API_URL), as a split deployment does: same site for the cookie, an allowed origin.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4322';
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_API_URL: `http://localhost:${apiPort}` };
const api = spawn(process.execPath, ['--watch', 'api/server.ts'], {
  stdio: 'inherit',
  env: {
    ...env,
    PORT: apiPort,
    STATIC_DIR: '',
    PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  },
});
const site = spawn('npx', ['astro', 'dev'], { stdio: 'inherit', env });

const stop = () => {
  api.kill('SIGTERM');
  site.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, site])
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
