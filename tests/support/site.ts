// Starts the whole site as a user runs it – `node server/main.ts` on the built app – on a free
// port with a fresh data directory, for browser tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '~/data/database.types.ts';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { createTempDir } from './databases.ts';
import { addUser, type TestRole } from './users.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const SITE_ADMIN_EMAIL = 'admin@example.com';
export const SITE_ADMIN_PASSWORD = 'correct-horse-battery-staple';

export interface RunningSite {
  /** The site's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The server's process id. */
  pid: number;
  dataDir: string;
  /** The anon key the server printed at start. */
  anonKey: string;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  /** Sends a signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then removes the data directory unless the caller supplied it. */
  stop(): Promise<void>;
}

export interface StartSiteOptions {
  /** Run on this data directory (kept afterwards), e.g. to restart on the same data. */
  dataDir?: string;
  /** Start the server with this soft limit on open files (`ulimit -n`), as a smaller host has. */
  openFileLimit?: number;
}

/** Settings of the developer's shell that would point the site somewhere else. */
const inherited = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'EMBEDDED_DATABASE',
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SITE_URL',
  'WORKERS',
];

export async function startSite(
  env: Record<string, string> = {},
  options: StartSiteOptions = {},
): Promise<RunningSite> {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('The browser tests need the built site: run `npm run build` first.');
  }
  const dataDir = options.dataDir ?? (await createTempDir('leadgen-site-')).dir;
  const baseEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !inherited.includes(name)),
  );
  // process.execPath: the Node 24 that npm scripts run, which executes server/main.ts as is.
  const command = [process.execPath, 'server/main.ts'];
  const limited = options.openFileLimit
    ? ['/bin/sh', '-c', `ulimit -n ${options.openFileLimit} && exec "$0" "$@"`, ...command]
    : command;
  const child = spawn(limited[0]!, limited.slice(1), {
    cwd: root,
    env: {
      ...baseEnv,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: SITE_ADMIN_EMAIL,
      ADMIN_PASSWORD: SITE_ADMIN_PASSWORD,
      // The daily digest would add a mail to the outbox after 08:00, which tests read.
      LEADS_DIGEST: 'off',
      // No balancer polls a test's site: SIGTERM stops it without the grace (decision 32).
      SHUTDOWN_GRACE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (output += chunk));

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await kill('SIGTERM');
      clearTimeout(killLater);
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const match = output.match(/The site is running at (\S+)/);
        if (match) resolve(match[1]!);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(
          new Error(
            `The site stopped before it was ready (${signal ?? `exit code ${code}`}):\n${output}`,
          ),
        ),
      );
    });
    const anonKey = output.match(/Anon key:\s+(\S+)/)?.[1] ?? '';
    return { url, pid: child.pid!, dataDir, anonKey, output: () => output, kill, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** supabase-js signed in as the site's administrator, for setting up and checking rows. */
export async function signedInAdmin(
  site: Pick<RunningSite, 'url' | 'anonKey'>,
): Promise<SupabaseClient<Database>> {
  const client = createClient<Database>(site.url, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await client.auth.signInWithPassword({
    email: SITE_ADMIN_EMAIL,
    password: SITE_ADMIN_PASSWORD,
  });
  if (error) throw error;
  return client;
}

/**
 * Stores a lead as a visitor's browser does: POST /rest/v1/consultations with the anon key, from
 * `address` (each lead from an address of its own stays within the per-address limit). Answers
 * the response, which the caller checks.
 */
export function storeLeadAsVisitor(
  site: Pick<RunningSite, 'url' | 'anonKey'>,
  lead: object,
  address: string,
): Promise<Response> {
  return fetch(`${site.url}/rest/v1/consultations`, {
    method: 'POST',
    headers: {
      apikey: site.anonKey,
      authorization: `Bearer ${site.anonKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
      'x-forwarded-for': address,
    },
    body: JSON.stringify(lead),
  });
}

/**
 * Sends the booking form as a browser without JavaScript does: reads the page for the form's
 * signed start time, then posts the fields (the site needs FORM_MIN_FILL_SECONDS=0 to take it
 * at once). Answers the site's response, a 303 to the thank-you page when the lead is stored.
 */
export async function postBookingForm(
  siteUrl: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const page = await (await fetch(`${siteUrl}/book-call`, { headers })).text();
  const formStart = page.match(/name="form_start" value="([^"]+)"/)?.[1];
  if (!formStart) throw new Error('The booking page has no form_start field');
  return fetch(`${siteUrl}/book-call`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ form_start: formStart, additional_info: '', ...fields }),
    redirect: 'manual',
  });
}

/**
 * Adds a user who signs in with this password, with this role on the team or on none (null: a
 * user who signed up on a hosted project with sign-ups on), straight into the site's embedded
 * PostgreSQL, as an administrator's SQL would.
 */
export async function addSiteUser(
  site: Pick<RunningSite, 'dataDir'>,
  email: string,
  password: string,
  role: TestRole,
): Promise<string> {
  const db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
  try {
    return await addUser(db, email, password, role);
  } finally {
    await db.close();
  }
}

/**
 * Runs one SQL statement straight on the site's embedded PostgreSQL, as an administrator's psql
 * would: past the API's grants and the per-address limit, for what no API call may do (a lead
 * received days ago, dozens of leads at once). Answers the rows it returns.
 */
export async function querySite<R = Record<string, unknown>>(
  site: Pick<RunningSite, 'dataDir'>,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
  try {
    return (await db.query<R>(sql, params)).rows;
  } finally {
    await db.close();
  }
}
