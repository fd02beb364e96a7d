/**
 * Where the machine's CPU went during a measurement (issue 41, item 3): the soak's request count
 * moved 2× between runs on machines of the same kind, and a figure that moves with the machine needs
 * the machine beside it. `cpuSnapshot()` reads every process's CPU time from /proc (Linux); `cpuShare()`
 * turns two snapshots into the share of all cores each group used in between: the API, PostgreSQL,
 * the load generator (this process) and everything else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** clock ticks per second of /proc's counters (USER_HZ, 100 on Linux) */
const TICKS = 100;

export interface CpuSnapshot {
  at: number;
  /** pid → [command, CPU ticks (user + system)] */
  processes: Map<number, [string, number]>;
}

/** One line of /proc/<pid>/stat: the command is in parentheses and may hold spaces. */
export function parseStat(line: string): [string, number] | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // after ") ": state is field 3; utime and stime are fields 14 and 15 (1-based)
  const fields = line.slice(close + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? [line.slice(open + 1, close), ticks] : null;
}

export function cpuSnapshot(): CpuSnapshot {
  const processes = new Map<number, [string, number]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parsed = parseStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (parsed) processes.set(Number(name), parsed);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return { at: performance.now(), processes };
}

export type CpuGroup = 'api' | 'postgres' | 'load' | 'others';

/**
 * The share (0–1) of all cores each group used between two snapshots. A process that started in
 * between counts whole; one that ended in between is lost (its time is unknown), so the shares may
 * add to less than the machine's busy time, never more.
 */
export function cpuShare(
  before: CpuSnapshot,
  after: CpuSnapshot,
  groupOf: (pid: number, command: string) => CpuGroup,
  cores = availableParallelism(),
): Record<CpuGroup, number> {
  const used: Record<CpuGroup, number> = { api: 0, postgres: 0, load: 0, others: 0 };
  for (const [pid, [command, ticks]] of after.processes) {
    const earlier = before.processes.get(pid);
    const delta = earlier && earlier[0] === command ? ticks - earlier[1] : ticks;
    if (delta > 0) used[groupOf(pid, command)] += delta;
  }
  const available = ((after.at - before.at) / 1000) * TICKS * cores;
  const share = (ticks: number) => (available > 0 ? ticks / available : 0);
  return { api: share(used.api), postgres: share(used.postgres), load: share(used.load), others: share(used.others) };
}

/** "API 58 %, PostgreSQL 24 %, load generator 15 %, other processes 2 % of 2 cores" */
export function describeShare(share: Record<CpuGroup, number>, cores = availableParallelism()): string {
  const pct = (n: number) => `${Math.round(n * 100)} %`;
  return `API ${pct(share.api)}, PostgreSQL ${pct(share.postgres)}, gerador de carga ${pct(share.load)}, outros processos ${pct(share.others)} de ${cores} núcleos`;
}
