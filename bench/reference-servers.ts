// The reference servers the side-by-side bench (close-to-the-limit.ts) measures against: nginx
// serving a file where it is installed, and servers of plain Node in a process of their own, which
// every machine with the project has (a bare node:http here; bare-data-api.ts around the data
// API's statements).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../tests/support/ports.ts';
import { findProgram } from './load-tools.ts';

export interface ReferenceServer {
  url: string;
  /** Its process, where one process serves (not nginx's master and workers). */
  pid?: number;
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
  return startReferenceProcess(
    ['-e', bareServer],
    { BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) },
    urlPath,
  );
}

/**
 * A reference server in a process of its own (this Node running `args`), which prints
 * `listening on <port>` once it listens on 127.0.0.1; answered at `urlPath`.
 */
export async function startReferenceProcess(
  args: string[],
  env: Record<string, string>,
  urlPath: string,
): Promise<ReferenceServer> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
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
    child.once('exit', () => reject(new Error(`The reference server stopped:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}${urlPath}`,
    ...(child.pid === undefined ? {} : { pid: child.pid }),
    stop: () => stopChild(child),
  };
}
