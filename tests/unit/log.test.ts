/**
 * The API's log lines (api/log.ts) leave stdout together, once per turn of the event loop: none is
 * lost when the process exits at once, and an error line on stderr comes after what was logged
 * before it. Run in a child process, its two streams into one pipe.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'olhar-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The messages a script wrote, in the order they reached one pipe, and how it exited. */
function run(body: string): { msgs: string[]; status: number | null } {
  const file = path.join(dir, `script-${Math.random().toString(36).slice(2)}.mjs`);
  const logger = pathToFileURL(path.resolve('api/log.ts')).href;
  writeFileSync(file, `import { jsonLogger as log } from ${JSON.stringify(logger)};\n${body}\n`);
  const result = spawnSync('sh', ['-c', `"${process.execPath}" "${file}" 2>&1`], { encoding: 'utf8' });
  const msgs = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { msgs, status: result.status };
}

describe('the log (api/log.ts)', () => {
  it('keeps every line and its order: lines before an error come before it, and an exit at once loses none', () => {
    const { msgs, status } = run(
      "log.info('um'); log.warn('dois'); log.error('três'); log.info('quatro'); log.info('cinco'); process.exit(3);",
    );
    expect(status).toBe(3);
    expect(msgs).toEqual(['um', 'dois', 'três', 'quatro', 'cinco']);
  });

  it('writes the lines of one turn in one go, and those of the next turn after them', () => {
    const { msgs, status } = run(
      "log.info('a1'); log.info('a2'); setImmediate(() => { log.info('b1'); setTimeout(() => log.info('c1'), 5); });",
    );
    expect(status).toBe(0);
    expect(msgs).toEqual(['a1', 'a2', 'b1', 'c1']);
  });
});
