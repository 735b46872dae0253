/**
 * Keeps a server under test and the load generator on different CPUs (Linux, `taskset` from
 * util-linux). On a small machine the scheduler otherwise puts them on one core for part of a
 * round and on two for the rest, and a requests-per-second figure then says more about where they
 * landed than about the server (docs/performance.md, "Light routes", session 8).
 */
import { execFileSync } from 'node:child_process';

export interface Pinning {
  /** The CPU the servers run on. */
  serverCpu: number;
  /** The CPUs left to this process (the load generator). */
  loadCpus: number[];
  /** The command and arguments that start `command args` on the server's CPU, every thread included. */
  wrap(command: string, args: string[]): [string, string[]];
  /** Gives this process back the CPUs it had before. */
  release(): void;
}

/** The CPUs `pid` may run on, or null where `taskset` is missing or fails. */
function affinityOf(pid: number): number[] | null {
  try {
    const out = execFileSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const list = out.slice(out.lastIndexOf(':') + 1).trim();
    const cpus: number[] = [];
    for (const part of list.split(',')) {
      const [from, to] = part.split('-').map(Number);
      for (let cpu = from; cpu <= (to ?? from); cpu++) cpus.push(cpu);
    }
    return cpus.every(Number.isInteger) && cpus.length > 0 ? cpus : null;
  } catch {
    return null;
  }
}

function setAffinity(pid: number, cpus: number[]): void {
  // -a: every thread the process has now (libuv's pool, V8's helpers); new threads inherit it.
  execFileSync('taskset', ['-a', '-c', '-p', cpus.join(','), String(pid)], { stdio: 'ignore' });
}

/**
 * Moves this process off the last of its CPUs and returns how to start servers there; null (and
 * nothing changed) when disabled, when `taskset` is not available, or with fewer than two CPUs.
 */
export function pinServerApart(enabled: boolean): Pinning | null {
  if (!enabled || process.platform !== 'linux') return null;
  const before = affinityOf(process.pid);
  if (before === null || before.length < 2) return null;
  const serverCpu = before[before.length - 1];
  const loadCpus = before.slice(0, -1);
  try {
    setAffinity(process.pid, loadCpus);
  } catch {
    return null;
  }
  return {
    serverCpu,
    loadCpus,
    wrap: (command, args) => ['taskset', ['-c', String(serverCpu), command, ...args]],
    release: () => setAffinity(process.pid, before),
  };
}
