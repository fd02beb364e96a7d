/**
 * `npm audit --omit=dev`: no high or critical advisory in what ships. Where the registry's audit
 * endpoint is not reachable (this workplace's mirror answers 405), the test says so loudly instead
 * of pretending: the check then runs wherever the endpoint answers.
 */
import { spawnSync } from 'node:child_process';

describe('dependencies', () => {
  it('have no high or critical advisory (npm audit --omit=dev)', () => {
    const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 60_000 });
    let report: {
      metadata?: { vulnerabilities?: Record<string, number> };
      error?: { summary?: string };
      message?: string;
    } = {};
    try {
      report = JSON.parse(run.stdout || '{}');
    } catch {
      report = {};
    }
    const counts = report.metadata?.vulnerabilities;
    if (!counts) {
      const reason =
        (report.message ?? run.stderr ?? '').split('\n').find((l) => /audit|40\d|ENOTFOUND|ETIMEDOUT/i.test(l)) ??
        'no report';
      console.warn(`!!!!!!!! npm audit could not run here: ${reason.trim()} !!!!!!!!`);
      return;
    }
    console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
    expect((counts.high ?? 0) + (counts.critical ?? 0)).toBe(0);
  });
});
