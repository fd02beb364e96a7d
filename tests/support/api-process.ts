/** A real API process (`node api/server.ts`) for tests and benches that need several instances or a kill. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A request deadline fit for a loaded test machine: the product's 1.5 s is for production, and with
 * the browser suite on both cores a subscription's first insert took longer (a 503 that failed
 * tests/hardening/queue.test.ts on a slower machine, issue 41). Tests of the deadline set their own.
 */
export const TEST_DEADLINE_MS = '10000';

/**
 * Starts the API on a free port with `env` over the current environment (no site, no request log,
 * the test deadline) and resolves once it logs "listening"; rejects with its last output if it
 * exits first.
 */
export async function startApiProcess(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, 'api/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      LOG_REQUESTS: '0',
      REQUEST_DEADLINE_MS: TEST_DEADLINE_MS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/"listening"/.test(out)) resolve();
      if (out.length > 20_000) out = out.slice(-4000);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`API exited with ${code}: ${out.slice(-2000)}`)));
  });
  return { port, child };
}

/** Stops `child` with `signal` and resolves when it has exited (at once if it already has). */
export const stopProcess = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/**
 * A request to the API process on `port` as `cookie`: a POST of a new behaviour entry of 21/11 (its
 * id made on the "device") when `entry` names what happened, otherwise a GET of `path`.
 */
export const requestProcess = (
  port: number,
  path: string,
  cookie: string,
  timeoutMs: number,
  entry?: { behavior: string; context: string },
) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: entry ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', cookie },
    body: entry
      ? JSON.stringify({
          id: crypto.randomUUID(),
          type: 'behavior',
          date: '2026-11-21',
          time: '21:00:00',
          ...entry,
          intensity: 'Baixa',
        })
      : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
