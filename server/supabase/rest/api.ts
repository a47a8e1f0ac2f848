// The PostgREST-compatible data API mounted at /rest/v1: one table (or function, rpc.ts) per request, one transaction per
// request under the caller's role and claims, so the migrations' grants and RLS policies decide.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types.ts';
import { DatabaseUnreachableError, isPostgresError } from '../db/types.ts';
import { utf8Body } from '#shared/utf8.ts';
import {
  BodyTooLargeError,
  MAX_BODY_BYTES,
  readBody,
  sendJson,
  type Handler,
} from '#server/http.ts';
import { findTable, loadCatalog, type Catalog } from './catalog.ts';
import { ANON_ROLE, identifyCaller, type Caller } from './claims.ts';
import { errorHeaders, fromPostgresError, RestError } from './errors.ts';
import { checkProfile, negotiateMediaType, parsePreferences, parseRangeHeader } from './headers.ts';
import { KnownReads, type KnownRead } from './known-reads.ts';
import { answerRead, insert, planRead, remove, update, type Outcome } from './operations.ts';
import { parsePayload } from './payload.ts';
import { ReadPlans } from './read-plans.ts';
import { callFunction, loadFunctions, type DbFunction } from './rpc.ts';
import { callerTransaction } from './transaction.ts';
import { integerSetting, readProjectConfig } from '../project-config.ts';

const PREFIX = '/rest/v1';
/** The only exposed schema, as on hosted Supabase by default. */
const SCHEMA = 'public';
/**
 * No connection could be opened (the database down, starting up, out of connections), or Node's
 * network errors from the pg driver: the database is unreachable, not the client wrong.
 */
function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnreachableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ERR_HTTP_HEADERS_SENT') ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(error.message)
  );
}

/** Headers of the caller's that an answer carries in its one writeHead (the CORS headers). */
type Extra = Record<string, string>;

/** Writes an outcome in one writeHead, with `extra` headers of the caller's. */
function send(res: ServerResponse, method: string, outcome: Outcome, extra: Extra = {}): void {
  const headers: Record<string, string> = { ...extra, ...outcome.headers };
  if (outcome.body === undefined) {
    res.writeHead(outcome.status, headers).end();
    return;
  }
  headers['Content-Type'] = outcome.contentType ?? 'application/json; charset=utf-8';
  const body = utf8Body(outcome.body);
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(outcome.status, headers);
  res.end(method === 'HEAD' ? undefined : body);
}

/** Writes an error in one writeHead, with `extra` headers of the caller's, as `send` does. */
function sendError(res: ServerResponse, method: string, error: RestError, extra: Extra = {}): void {
  const headers = { ...extra, ...errorHeaders(error) };
  if (method === 'HEAD') {
    res.writeHead(error.status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end();
    return;
  }
  sendJson(res, error.status, error.body, headers);
}

function bodyTooLarge(): RestError {
  return new RestError(413, {
    code: 'PGRST413',
    message: 'Payload Too Large',
    details: `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes`,
  });
}

/** The request body as JSON text; only JSON is accepted, as supabase-js always sends. */
async function jsonBody(req: IncomingMessage): Promise<string> {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type && type !== 'application/json') {
    req.resume();
    throw new RestError(415, { code: 'PGRST107', message: `Content-Type not acceptable: ${type}` });
  }
  try {
    return await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLarge();
    throw error;
  }
}

type Resource = { kind: 'table'; name: string } | { kind: 'function'; name: string };

function invalidPath(): RestError {
  return new RestError(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' });
}

/** `/rest/v1/<table>` → a table; `/rest/v1/rpc/<function>` → a function; anything else is not served. */
function resourceOf(url: URL): Resource {
  const rest = url.pathname.slice(PREFIX.length).replace(/\/$/, '');
  const segments = rest.split('/').slice(1);
  const isFunction = segments.length === 2 && segments[0] === 'rpc';
  const raw = isFunction ? segments[1]! : segments.length === 1 ? segments[0]! : '';
  if (raw === '') throw invalidPath();
  try {
    return { kind: isFunction ? 'function' : 'table', name: decodeURIComponent(raw) };
  } catch {
    throw invalidPath();
  }
}

export interface RestApi {
  handle: Handler;
  /**
   * A GET or HEAD asked before with the same target and shaping headers, whose token has not
   * expired, for answerKnown to answer undecided again (after the key check and the gate's lane).
   */
  recall(req: IncomingMessage): KnownRead | undefined;
  /**
   * `answerHeaders` go out with the answer in its one writeHead (Node's quick path, which a header
   * set beforehand with setHeader turns off), or are set before an error's answer.
   */
  answerKnown(
    req: IncomingMessage,
    res: ServerResponse,
    known: KnownRead,
    answerHeaders?: Extra,
  ): Promise<void>;
  /** Reads the tables, columns and roles again (after DDL), like PostgREST's schema cache reload. */
  reloadSchema(): Promise<void>;
}

/** Hosted Supabase's default for `[api] max_rows`. */
export const DEFAULT_MAX_ROWS = 1000;

/** config.toml's `[api] max_rows`: the most rows one read answers, on hosted Supabase as here. */
export function configuredMaxRows(): number {
  return integerSetting(readProjectConfig(), 'api', 'max_rows', DEFAULT_MAX_ROWS);
}

export async function createRestApi(opts: {
  db: Database;
  jwtSecret: string;
  /** Undefined: config.toml's `[api] max_rows`. */
  maxRows?: number;
}): Promise<RestApi> {
  const { db, jwtSecret } = opts;
  const maxRows = opts.maxRows ?? configuredMaxRows();
  if (maxRows < 1) throw new Error('[api] max_rows must be at least 1');
  let catalog: Catalog = await loadCatalog(db, SCHEMA);
  let functions: Map<string, DbFunction[]> = await loadFunctions(db, SCHEMA);
  // Parsed query strings and their statements, built against this catalog.
  let plans = new ReadPlans();
  // Whole reads by their request, built against this catalog and its roles.
  let knownReads = new KnownReads();

  async function serve(req: IncomingMessage, url: URL, caller: Caller): Promise<Outcome> {
    const method = req.method ?? 'GET';
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${method}` });
    }
    const resource = resourceOf(url);
    const write = method !== 'GET' && method !== 'HEAD';
    checkProfile(req.headers, write, SCHEMA);
    // The gateway in front of hosted PostgREST consumes `apikey`; it is never a filter. The URL's
    // own parameters are only read from here on: copied only when there is a key to take out.
    const keyInQuery = url.searchParams.has('apikey');
    const params = keyInQuery ? new URLSearchParams(url.searchParams) : url.searchParams;
    if (keyInQuery) params.delete('apikey');
    // What request.path reports to the database: the path below the API's mount.
    const path = url.pathname.slice(PREFIX.length);
    const inTransaction = callerTransaction(db, caller, req, path);
    if (resource.kind === 'function') {
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
        throw new RestError(405, {
          code: 'PGRST101',
          message: 'Only GET and POST are allowed for functions',
        });
      }
      const body = method === 'POST' ? await jsonBody(req) : undefined;
      return callFunction(
        functions,
        {
          schema: SCHEMA,
          name: resource.name,
          method,
          params,
          ...(body === undefined ? {} : { body }),
        },
        inTransaction,
        maxRows,
      );
    }
    const media = negotiateMediaType(req.headers);
    const prefs = parsePreferences(req.headers);
    // The query string as received names the same parameters: no need to write them out again.
    const query = plans.query(params, keyInQuery ? params.toString() : url.search.slice(1));
    const table = findTable(catalog, resource.name);

    if (!write) {
      const range = parseRangeHeader(req.headers);
      const plan = planRead({
        table,
        query,
        media,
        prefs,
        maxRows,
        ...(range ? { range } : {}),
        build: (options) => plans.statement(table, query, options),
      });
      const outcome = await answerRead(plan, inTransaction);
      knownReads.remember(req, { caller, path, plan });
      return outcome;
    }
    const request = { table, query, media, prefs };
    if (method === 'DELETE') return remove(request, inTransaction);
    const payload = parsePayload(await jsonBody(req), table, query.columns);
    return method === 'POST'
      ? insert(request, payload, inTransaction)
      : update(request, payload, inTransaction);
  }

  /** Answers a failed request as PostgREST would; anything else is the server's to answer. */
  function answerFailure(
    res: ServerResponse,
    method: string,
    error: unknown,
    caller: Caller | undefined,
    extra: Extra = {},
  ): void {
    if (error instanceof RestError) return sendError(res, method, error, extra);
    // No connection, or a lost one (Node's ECONNRESET, EPIPE…, pg's "Connection terminated"),
    // is a 503, which supabase-js retries for reads.
    if (isConnectionError(error)) {
      return sendError(
        res,
        method,
        new RestError(503, {
          code: 'PGRST001',
          message: 'Database client error. Retrying the connection.',
          details: (error as Error).message,
        }),
        extra,
      );
    }
    if (isPostgresError(error)) {
      const failure = fromPostgresError(error, caller?.role === ANON_ROLE);
      return sendError(res, method, failure, extra);
    }
    throw error;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    let caller: Caller | undefined;
    try {
      caller = await identifyCaller(
        req.headers,
        url.searchParams.get('apikey'),
        jwtSecret,
        catalog,
      );
      send(res, method, await serve(req, url, caller));
    } catch (error) {
      answerFailure(res, method, error, caller);
    }
  }

  async function answerKnown(
    req: IncomingMessage,
    res: ServerResponse,
    known: KnownRead,
    answerHeaders: Extra = {},
  ): Promise<void> {
    const method = req.method ?? 'GET';
    try {
      const inTransaction = callerTransaction(db, known.caller, req, known.path);
      send(res, method, await answerRead(known.plan, inTransaction), answerHeaders);
    } catch (error) {
      answerFailure(res, method, error, known.caller, answerHeaders);
    }
  }

  return {
    handle,
    recall: (req) => knownReads.recall(req),
    answerKnown,
    async reloadSchema() {
      catalog = await loadCatalog(db, SCHEMA);
      functions = await loadFunctions(db, SCHEMA);
      plans = new ReadPlans();
      knownReads = new KnownReads();
    },
  };
}
