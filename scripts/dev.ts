/** npm run dev: the API on API_PORT (4322) and Astro's dev server on 4321, which proxies /api. */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4322';
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', API_PORT: apiPort };
const api = spawn(process.execPath, ['--watch', 'api/server.ts'], {
  stdio: 'inherit',
  env: { ...env, PORT: apiPort, STATIC_DIR: '', PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321' },
});
const site = spawn('npx', ['astro', 'dev'], { stdio: 'inherit', env });

const stop = () => {
  api.kill('SIGTERM');
  site.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, site]) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
