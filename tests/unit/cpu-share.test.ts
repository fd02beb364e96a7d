import { cpuShare, cpuSnapshot, describeShare, parseStat } from '../../scripts/cpu-share.ts';

describe("the soak's CPU shares (scripts/cpu-share.ts)", () => {
  it('reads user and system ticks from a /proc stat line, a command with spaces and parentheses included', () => {
    const line = '4242 (node (api) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 1200 300 0 0 20 0 11 0 100 0 0';
    expect(parseStat(line)).toEqual(['node (api) x', 1500]);
    expect(parseStat('garbage')).toBeNull();
  });

  it('splits the ticks used between two snapshots by group, new processes whole, over all cores', () => {
    const before = {
      at: 0,
      processes: new Map<number, [string, number]>([
        [1, ['node', 100]],
        [2, ['postgres', 50]],
        [3, ['stress', 0]],
      ]),
    };
    const after = {
      at: 10_000,
      processes: new Map<number, [string, number]>([
        [1, ['node', 1100]], // the API: 1,000 ticks
        [2, ['postgres', 450]], // 400
        [4, ['postgres', 100]], // a backend that started: 100
        [3, ['stress', 200]], // someone else: 200
        [5, ['bench', 300]], // a new process reused nothing: 300
      ]),
    };
    const group = (pid: number, command: string) =>
      pid === 1 ? 'api' : command === 'postgres' ? 'postgres' : pid === 5 ? 'load' : 'others';
    const share = cpuShare(before, after, group, 2);
    // 10 s × 100 ticks × 2 cores = 2,000 ticks available
    expect(share).toEqual({ api: 0.5, postgres: 0.25, load: 0.15, others: 0.1 });
    expect(describeShare(share, 2)).toBe(
      'API 50 %, PostgreSQL 25 %, gerador de carga 15 %, outros processos 10 % de 2 núcleos',
    );
  });

  it('reads this machine: this process is among the snapshot, with its own command', () => {
    const snapshot = cpuSnapshot();
    expect(snapshot.processes.get(process.pid)?.[1]).toBeGreaterThan(0);
  });
});
