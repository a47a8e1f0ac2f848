// The server's resident memory, from /proc: the Node process's RSS, and the embedded PostgreSQL
// (its postmaster and backends, the Node process's descendants) as PSS, which shares out the
// memory they share (shared_buffers) instead of counting it once per process. Under WORKERS the
// workers are Node processes among those descendants, counted apart (workersPss).
import { readdirSync, readFileSync } from 'node:fs';

/** A number from a /proc file's `Name:  123` line (kB for the memory fields). */
function field(file: string, name: string): number {
  try {
    const match = readFileSync(file, 'utf8').match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process ended meanwhile
  }
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = field(`/proc/${entry}/status`, 'PPid');
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    found.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

export interface Memory {
  nodeMb: number;
  databaseMb: number;
}

const mb = (kb: number) => Math.round(kb / 1024);

const isNode = (pid: number) => {
  try {
    const program = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /(^|\/)node$/.test(program);
  } catch {
    return false;
  }
};

function databasePssKb(pid: number): number {
  return descendants(pid)
    .filter((child) => !isNode(child))
    .reduce((sum, child) => sum + field(`/proc/${child}/smaps_rollup`, 'Pss'), 0);
}

/** Each worker's PSS in MB (WORKERS > 1): the Node processes among the server's descendants. */
export function workersPss(pid: number): number[] {
  return descendants(pid)
    .filter(isNode)
    .map((child) => mb(field(`/proc/${child}/smaps_rollup`, 'Pss')));
}

export function residentMemory(pid: number): Memory {
  return { nodeMb: mb(field(`/proc/${pid}/status`, 'VmRSS')), databaseMb: mb(databasePssKb(pid)) };
}

/** As residentMemory, but the Node process's PSS too: what it holds with shared pages shared out. */
export function proportionalMemory(pid: number): Memory {
  return {
    nodeMb: mb(field(`/proc/${pid}/smaps_rollup`, 'Pss')),
    databaseMb: mb(databasePssKb(pid)),
  };
}

/** Samples the memory every half second until stop(), keeping the highest total. */
export function samplePeakMemory(pid: number): { stop: () => Memory } {
  let peak: Memory = { nodeMb: 0, databaseMb: 0 };
  const sample = () => {
    const now = residentMemory(pid);
    if (now.nodeMb + now.databaseMb > peak.nodeMb + peak.databaseMb) peak = now;
  };
  sample();
  const timer = setInterval(sample, 500);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
