// The load generator of the side-by-side bench (close-to-the-limit.ts) and the others: wrk where it
// is installed (a C process, far lighter than autocannon on two cores), else autocannon, as one
// address or as many visitors; and the CPU time the server's process spends per answer, read from
// /proc. The servers it is set against are in reference-servers.ts.
import { execFile } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

/** A program's path: on PATH, or in the sbin folders a user's PATH may leave out (nginx). */
export function findProgram(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
}

export interface LoadFigures {
  tool: 'wrk' | 'autocannon';
  'req/s': number;
  /**
   * The CPU time the server's process (`LoadOptions.pid`) spent per answer, in µs: steadier than
   * the rate on a machine whose cores the load generator and the database share; undefined where
   * /proc cannot say it.
   */
  'CPU µs/req'?: number;
  'p50 ms': number;
  'p99 ms': number;
  /** Answers outside 2xx (wrk counts 3xx as fine too). */
  'non-2xx': number;
  /** Connect, read and write errors and timeouts. */
  errors: number;
}

/** Milliseconds from one of wrk's durations: 812.00us, 2.47ms, 1.02s, 1.5m. */
function milliseconds(value: string, unit: string): number {
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit];
  if (factor === undefined) throw new Error(`wrk printed a duration in an unknown unit: ${unit}`);
  return Math.round(Number(value) * factor * 100) / 100;
}

/** The figures in wrk's output (run with --latency); throws when a figure it always prints is missing. */
export function parseWrkOutput(output: string): Omit<LoadFigures, 'tool'> {
  const rate = output.match(/^Requests\/sec:\s+([\d.]+)/m);
  const percentile = (p: number) => {
    const match = output.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, 'm'));
    return match ? milliseconds(match[1]!, match[2]!) : undefined;
  };
  const p50 = percentile(50);
  const p99 = percentile(99);
  if (!rate || p50 === undefined || p99 === undefined) {
    throw new Error(`wrk's output has no rate or percentiles:\n${output}`);
  }
  const socket = output.match(
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/,
  );
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const non2xx = Number(output.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  return {
    'req/s': Math.round(Number(rate[1])),
    'p50 ms': p50,
    'p99 ms': p99,
    'non-2xx': non2xx,
    errors,
  };
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * Requests come as from this many visitors: each carries an X-Forwarded-For naming one of that
   * many documentation addresses (198.51.100.1 on), in turn. The server takes a loopback peer's
   * X-Forwarded-For as the visitor's address, so its limits per visitor see that many visitors.
   * Without it, every request is the one address of the load generator.
   */
  clients?: number;
  /** The server's process, whose CPU time per answer is measured. */
  pid?: number;
}

/** As many visitors as one documentation network (198.51.100.0/24) has host addresses. */
function checkVisitors(clients: number): void {
  if (!Number.isInteger(clients) || clients < 1 || clients > 254) {
    throw new Error(`The load's visitors must be 1 to 254, not ${clients}`);
  }
}

/** The address of visitor `n` (0 on) of `clients`, as `LoadOptions.clients` names them. */
export function visitorAddress(n: number, clients: number): string {
  checkVisitors(clients);
  return `198.51.100.${(n % clients) + 1}`;
}

/** wrk's script that names visitors in turn in X-Forwarded-For (each of its threads counts alone). */
export function wrkVisitorsScript(clients: number): string {
  checkVisitors(clients);
  return `local n = 0
request = function()
  wrk.headers["X-Forwarded-For"] = "198.51.100." .. (n % ${clients} + 1)
  n = n + 1
  return wrk.format(nil, nil, wrk.headers)
end
`;
}

/** Linux's clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time (user and system, every thread) a process has used, in µs, from /proc; undefined
 * where there is no /proc or the process has ended.
 */
export function cpuMicroseconds(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // After the command's name in parentheses (which may hold spaces): state, then fields 4 on;
  // utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : undefined;
}

/** GETs the URL for the given time at the given concurrency; with `pid`, its CPU µs per answer. */
export async function generateLoad(options: LoadOptions): Promise<LoadFigures> {
  const before = options.pid === undefined ? undefined : cpuMicroseconds(options.pid);
  const figures = await runLoad(options);
  const after = options.pid === undefined ? undefined : cpuMicroseconds(options.pid);
  const answers = figures['req/s'] * options.seconds;
  if (before === undefined || after === undefined || answers === 0) return figures;
  return { ...figures, 'CPU µs/req': Math.round((after - before) / answers) };
}

/** GETs the URL for the given time at the given concurrency, with wrk where it is installed. */
async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const wrk = findProgram('wrk');
  const headers = Object.entries(options.headers ?? {});
  if (wrk) {
    const threads = Math.min(2, options.connections);
    let script: { dir: string; file: string } | undefined;
    if (options.clients !== undefined) {
      const dir = await mkdtemp(path.join(tmpdir(), 'wrk-visitors-'));
      script = { dir, file: path.join(dir, 'visitors.lua') };
      await writeFile(script.file, wrkVisitorsScript(options.clients));
    }
    const run = promisify(execFile)(wrk, [
      ...(script ? ['--script', script.file] : []),
      `--threads=${threads}`,
      `--connections=${options.connections}`,
      `--duration=${options.seconds}s`,
      '--timeout=30s',
      '--latency',
      ...headers.flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
      options.url,
    ]);
    const { stdout } = await run
      .catch((error: { stderr?: string; message: string }) => {
        throw new Error(
          `wrk could not load ${options.url}: ${error.stderr?.trim() || error.message}`,
        );
      })
      .finally(() => (script ? rm(script.dir, { recursive: true, force: true }) : undefined));
    return { tool: 'wrk', ...parseWrkOutput(stdout) };
  }
  let sent = 0;
  const { clients } = options;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: Object.fromEntries(headers),
    timeout: 30,
    ...(clients === undefined
      ? {}
      : {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: {
                  ...request.headers,
                  'x-forwarded-for': visitorAddress(sent++, clients),
                },
              }),
            },
          ],
        }),
  });
  return {
    tool: 'autocannon',
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
