// The load generator and the reference servers the side-by-side bench (close-to-the-limit.ts)
// measures against: wrk where it is installed (a C process, far lighter than autocannon on two
// cores), else autocannon; nginx serving a file where it is installed; and a bare node:http server
// in a process of its own, which every machine with the project has.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
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
}

/** GETs the URL for the given time at the given concurrency, with wrk where it is installed. */
export async function generateLoad(options: LoadOptions): Promise<LoadFigures> {
  const wrk = findProgram('wrk');
  const headers = Object.entries(options.headers ?? {});
  if (wrk) {
    const threads = Math.min(2, options.connections);
    const run = promisify(execFile)(wrk, [
      `--threads=${threads}`,
      `--connections=${options.connections}`,
      `--duration=${options.seconds}s`,
      '--timeout=30s',
      '--latency',
      ...headers.flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
      options.url,
    ]);
    const { stdout } = await run.catch((error: { stderr?: string; message: string }) => {
      throw new Error(
        `wrk could not load ${options.url}: ${error.stderr?.trim() || error.message}`,
      );
    });
    return { tool: 'wrk', ...parseWrkOutput(stdout) };
  }
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: Object.fromEntries(headers),
    timeout: 30,
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ReferenceServer {
  url: string;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await ended;
}

/** Waits until something answers at the URL (or the process ends, with what it printed). */
async function waitForAnswer(url: string, child: ChildProcess, output: () => string) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) throw new Error(`It stopped at start:\n${output()}`);
    const answered = await fetch(url).then(
      (response) => response.arrayBuffer().then(() => true),
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Nothing answered at ${url}:\n${output()}`);
}

/**
 * nginx serving `body` as a static file at `urlPath`, from a root under `dir`, with its own
 * configuration, pid, logs and temporary files there; undefined when nginx is not installed.
 */
export async function startNginx(
  dir: string,
  urlPath: string,
  body: Uint8Array,
): Promise<ReferenceServer | undefined> {
  const nginx = findProgram('nginx');
  if (!nginx) return undefined;
  const root = path.join(dir, 'root');
  const file = path.join(root, urlPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  // Its workers run as nobody when started as root: they must reach the file.
  for (let at = path.dirname(file); at.startsWith(dir); at = path.dirname(at))
    await chmod(at, 0o755);
  await chmod(file, 0o644);
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes auto;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')};
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  default_type text/html;
  charset utf-8;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}${urlPath}`;
  try {
    await waitForAnswer(url, child, () => output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, stop: () => stopChild(child) };
}

/** What the bare server runs: the same bytes and headers for every request. */
const bareServer = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
const headers = { ...JSON.parse(process.env.HEADERS), 'content-length': body.length };
http
  .createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(0, '127.0.0.1', function () {
    console.log('listening on ' + this.address().port);
  });
`;

/**
 * A bare node:http server in its own process (this Node) answering `body` with `headers` at
 * every path: what Node itself can do on this machine, with nothing of the site's around it.
 */
export async function startBareNode(
  dir: string,
  urlPath: string,
  body: Uint8Array,
  headers: Record<string, string>,
): Promise<ReferenceServer> {
  const bodyFile = path.join(dir, 'bare-node-body');
  await writeFile(bodyFile, body);
  const child = spawn(process.execPath, ['-e', bareServer], {
    env: { ...process.env, BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (\d+)/);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`The bare Node server stopped:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}${urlPath}`, stop: () => stopChild(child) };
}
