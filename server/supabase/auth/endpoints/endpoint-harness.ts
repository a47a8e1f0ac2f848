// Test support for the endpoint tests beside this file: one migrated in-memory database, the auth
// context the API builds, and a call that runs one endpoint in-process with a fake request and
// response, answering errors as the API does. Only the mailer is faked (it keeps the mails).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import type { Mail } from '#server/mail.ts';
import { signJwt } from '#server/supabase/jwt.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { createAfterAnswer } from '../after-answer.ts';
import type { AuthContext, AuthRequest, Endpoint } from '../context.ts';
import { API_VERSION, AuthError, sendAuthError } from '../errors.ts';
import { issueSession } from '../issue-session.ts';
import { createSession } from '../sessions.ts';
import { projectAuthSettings } from '../settings.ts';
import { DEFAULT_LIMITS, createThrottle, type AuthLimits } from '../throttle.ts';
import { isTrustedOrigin } from '../trusted-origins.ts';
import { createEmailUser } from '../users.ts';

export const SITE = 'https://agency.example';
const SECRET = 'a-test-secret-that-is-at-least-32-characters';

/** Migrating takes seconds, more on a busy machine: the hook that opens the harness waits this long. */
const MIGRATION_TIMEOUT = 60_000;

export interface Harness {
  db: Database;
  ctx: AuthContext;
  mails: Mail[];
  /** Lines the work done after an answer logged (a failed mail). */
  logged: string[];
}

export async function openHarness(limits: Partial<AuthLimits> = {}): Promise<Harness> {
  const db = await openPglite('memory://');
  await migrate(db);
  const mails: Mail[] = [];
  const logged: string[] = [];
  const ctx: AuthContext = {
    db,
    jwtSecret: SECRET,
    mailer: { send: async (mail) => void mails.push(mail) },
    limits: { ...DEFAULT_LIMITS, ...limits },
    settings: projectAuthSettings(),
    throttle: createThrottle(db),
    afterAnswer: createAfterAnswer((line) => logged.push(line)),
    configuredSite: new URL(SITE),
    trustsOrigin: (origin) => isTrustedOrigin(origin, []),
  };
  return { db, ctx, mails, logged };
}

/** One harness for the calling test file: filled in before its first test, closed after its last. */
export function harnessPerFile(limits: Partial<AuthLimits> = {}): Harness {
  const harness = {} as Harness;
  beforeAll(async () => void Object.assign(harness, await openHarness(limits)), MIGRATION_TIMEOUT);
  afterAll(async () => {
    await harness.db?.close();
  });
  return harness;
}

export interface CallInput {
  /** The path after /auth/v1, with its query. */
  path?: string;
  method?: string;
  body?: unknown;
  token?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  ip?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  json: Record<string, unknown>;
}

/** Runs `endpoint` as the API would route a request to it; an AuthError becomes GoTrue's answer. */
export async function call(ctx: AuthContext, endpoint: Endpoint, input: CallInput = {}) {
  const text = input.body === undefined ? '' : JSON.stringify(input.body);
  const req = Object.assign(Readable.from(text ? [Buffer.from(text)] : []), {
    method: input.method ?? 'POST',
    headers: {
      'x-supabase-api-version': API_VERSION,
      ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
      ...input.headers,
    },
    socket: { remoteAddress: input.ip ?? '127.0.0.1' },
  }) as unknown as IncomingMessage;
  const answer: Answer = { status: 0, headers: {}, json: {} };
  const res = {
    writeHead(status: number, headers: Record<string, string | number> = {}) {
      answer.status = status;
      for (const [name, value] of Object.entries(headers)) answer.headers[name] = String(value);
    },
    end(body?: string) {
      answer.json = body ? JSON.parse(body) : {};
    },
  } as unknown as ServerResponse;
  const url = new URL(`/auth/v1${input.path ?? '/'}`, SITE);
  const request: AuthRequest = {
    req,
    res,
    url,
    origin: SITE,
    siteUrl: `${SITE}/`,
    params: input.params ?? {},
  };
  try {
    await endpoint(ctx, request);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    sendAuthError(req, res, error);
  }
  return answer;
}

export interface Member {
  userId: string;
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

/** A confirmed user with `passwordHash` (hash once per file: bcrypt is slow) and a new session. */
export async function signedInMember(
  ctx: AuthContext,
  email: string,
  passwordHash: string | null = null,
): Promise<Member> {
  const userId = await createEmailUser(ctx.db, email, passwordHash);
  return startSession(ctx, userId);
}

/** Another session of the user, as a second sign-in would open. */
export async function startSession(ctx: AuthContext, userId: string): Promise<Member> {
  const started = await ctx.db.transaction((tx) =>
    createSession(tx, { userId, method: 'password' }),
  );
  const request = { origin: SITE } as AuthRequest;
  const session = await issueSession(ctx, request, started);
  return { ...started, accessToken: session.access_token };
}

/** A TOTP factor the user has already verified (its secret is a fixed test value). */
export async function addVerifiedFactor(db: Database, userId: string, name = 'Phone') {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
       updated_at, secret)
     values (gen_random_uuid(), $1, $2, 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')
     returning id`,
    [userId, name],
  );
  return rows[0]!.id;
}

/** A token with `role` and nothing else, as the project's API keys are. */
export function roleToken(ctx: AuthContext, role: string): Promise<string> {
  return signJwt({ role, iss: 'supabase' }, ctx.jwtSecret);
}

export async function countRows(
  db: Database,
  table: string,
  where: string,
  values: unknown[],
): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from ${table} where ${where}`,
    values,
  );
  return Number(rows[0]!.n);
}
