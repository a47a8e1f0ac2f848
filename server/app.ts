// The composition root: startServer opens the database and applies the migrations, makes sure an
// administrator exists, mounts the Supabase-compatible services (server/supabase/) under /auth/v1,
// /rest/v1 and /storage/v1, builds the site (server/product/site/), starts the product's jobs
// (lead and meeting mails, digest, retention, visit counting) and hands the services what the
// product knows (who is on the team), so that the services name no product table.
// Long because it is the one place where every service, job and limit is wired together, in the
// order they must start and stop.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Config } from './config.ts';
import { persistentSecret } from './data-dir.ts';
import { openDatabase, prepareDatabase } from './database.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { DatabaseUnreachableError, type Database } from '#server/supabase/db/types.ts';
import { quietLog } from '#shared/quiet-log.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#shared/database-unavailable.ts';
import { createHmac } from 'node:crypto';
import {
  CORS_HEADERS,
  CORS_PREFLIGHT_HEADERS,
  resolveClientAddress,
  sendJson,
  type Handler,
} from './http.ts';
import { ClientGate } from '#server/supabase/client-gate.ts';
import { connectionCaps, createBoundedServer } from './connections.ts';
import { createInProcessFetch } from './in-process-request.ts';
import { provideInProcessFetch } from '#shared/in-process-fetch.ts';
import { createHealth, HEALTH_PATH } from './health.ts';
import { createCallerIdentifier, type CallerIdentifier } from '#server/supabase/data-api-caller.ts';
import { createApiKeyCheck } from '#server/supabase/api-key.ts';
import { signJwt } from '#server/supabase/jwt.ts';
import { createMailer } from './mail.ts';
import { createSite, type Site } from '#server/product/site/site.ts';
import { PAGE_TABLES } from '#server/product/site/own-reads.ts';
import {
  listenForPageChanges,
  pgNoticeConnection,
  type PageChangeListener,
} from '#server/product/site/page-changes.ts';
import { createRestApi, type RestApi } from '#server/supabase/rest/api.ts';
import { createAuthApi } from '#server/supabase/auth/api.ts';
import { listeningOrigins, redirectAllowList } from '#server/supabase/auth/trusted-origins.ts';
import { readProjectConfig } from '#server/supabase/project-config.ts';
import { createStorageApi } from '#server/supabase/storage/api.ts';
import { isTeamMember } from '#server/product/team/team-membership.ts';
import {
  checkLeadSchema,
  startLeadJobs,
  type LeadJobs,
  type LeadJobTimings,
} from '#server/product/leads/lead-jobs.ts';
import {
  agencyPlaceholdersInUse,
  placeholderWarning,
} from '#server/product/leads/agency-details.ts';
import { startPublicationTimer } from '#server/product/site/publication-timer.ts';
import { pageViewCounter } from '#server/product/visits/count-page-views.ts';
import { startVisitRecorder, type VisitRecorder } from '#server/product/visits/visit-recorder.ts';
import { startScheduledBackups } from '#server/backups/scheduled-backups.ts';

/**
 * A request that may change what the pages show: a write to the posts, the agency's details
 * (every page's footer) or its booking settings (its time zone) through this copy's /rest/v1. The
 * pages read nothing else that changes; a lead is shown only to the signed-in inbox, not cached.
 * Emptied at once here; other copies, and writes from other clients, are heard through the
 * database's notices (server/product/site/page-changes.ts), which PGlite cannot send out of its
 * worker: there this is the only way, and the only writer.
 */
function changesPosts(method: string | undefined, pathname: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return PAGE_TABLES.some((table) => pathname === `/rest/v1/${table}`);
}

/**
 * What the services answer when no connection to the database could be opened and they have no
 * answer of their own for it (the data API has: 503 PGRST001): try again shortly.
 */
const DATABASE_UNAVAILABLE = { message: 'The database is unavailable: try again shortly.' };

export interface RunningServer {
  /** The origin the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Undefined when the site runs against a hosted Supabase project. */
  backend?: {
    anonKey: string;
    serviceRoleKey: string;
    db: Database;
    jwtSecret: string;
    /**
     * Re-reads the tables and columns /rest/v1 serves and the roles a token may name (after a
     * schema change at run time).
     */
    reloadSchema(): Promise<void>;
  };
  /**
   * The embedded services' fetch without a socket, as the site's server code uses it (decision 34);
   * undefined against hosted Supabase.
   */
  fetch?: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** Lead mail delivery and retention; undefined when this server does not run them. */
  leadJobs?: LeadJobs;
  /** The statistics' page views; undefined when this server has no database. */
  visits?: VisitRecorder;
  /** Stops at once: open connections are cut (tests, development). */
  close(): Promise<void>;
  /**
   * Stops without dropping a request (docs/decisions/0032-deploys-that-drop-nothing.md): the
   * health endpoint says draining and open connections are still answered for graceMs, each answer
   * closing its connection; then no connection is accepted, the answers in flight are finished,
   * and the jobs (a send in flight included) and the database stop. The caller bounds the whole.
   */
  shutdown(graceMs: number): Promise<void>;
}

export interface StartOptions {
  log?: (line: string) => void;
  /** Serve the React Router site (needs `npm run build`); contract tests run without it. */
  site?: boolean;
  /** Serve the site through Vite's dev server (npm run dev) instead of the build. */
  dev?: boolean;
  /** Shorter polls, leases and backoff for the lead jobs (tests). */
  leadJobTimings?: Partial<LeadJobTimings>;
  /** How often counted page views are written (default 5 s). */
  visitFlushIntervalMs?: number;
}

/** Legacy Supabase API keys: long-lived HS256 JWTs carrying only a role. */
async function apiKeys(secret: string) {
  const iat = Math.floor(Date.parse('2026-01-01T00:00:00Z') / 1000);
  const exp = iat + 10 * 365 * 24 * 3600;
  return {
    anonKey: await signJwt({ iss: 'supabase', ref: 'local', role: 'anon', iat, exp }, secret),
    serviceRoleKey: await signJwt(
      { iss: 'supabase', ref: 'local', role: 'service_role', iat, exp },
      secret,
    ),
  };
}

export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const embedded = !config.SUPABASE_URL;
  const mounts: Array<[prefix: string, handler: Handler]> = [];
  let backend: RunningServer['backend'];
  let closeBackend = async () => {};
  // Tells the data API's gate the site's own requests and team members from outside callers.
  let callers: CallerIdentifier | undefined;
  // The embedded data API, for the reads it has answered before.
  let restApi: RestApi | undefined;
  // The gateway's API key check in front of the three services (docs/decisions/0003).
  let apiKeyRefusal: ReturnType<typeof createApiKeyCheck> | undefined;
  // The database the lead jobs run on, once its schema is known to be in place.
  let leadJobsDb: Database | undefined;
  // The PostgreSQL server whose notices say a cached page's content changed (none on PGlite).
  let noticesUrl: string | undefined;
  // The origins mailed links may point at without SITE_URL: GoTrue's redirect allow-list, and the
  // addresses this server listens on once it knows its port.
  let trustedOrigins = redirectAllowList(readProjectConfig());
  const outboxDir = path.join(config.dataDir, 'outbox');
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir,
    siteUrl: config.SITE_URL,
    log,
  });

  if (embedded) {
    const { db, release, url } = await openDatabase(config, log);
    noticesUrl = url;
    closeBackend = async () => {
      await db.close();
      release();
    };
    try {
      const jwtSecret = config.JWT_SECRET ?? persistentSecret(config.dataDir, 'jwt-secret');
      await prepareDatabase(db, config, log);
      const keys = await apiKeys(jwtSecret);
      apiKeyRefusal = createApiKeyCheck(keys);
      const rest = await createRestApi({ db, jwtSecret });
      restApi = rest;
      callers = createCallerIdentifier({
        isMember: (userId) => isTeamMember(db, userId),
        jwtSecret,
      });
      const auth = createAuthApi({
        db,
        jwtSecret,
        mailer,
        siteUrl: config.SITE_URL,
        // Without SITE_URL, mailed links point where the site was reached, if it is one of these.
        trustedOrigins: () => trustedOrigins,
        limits: {
          emailsSent: { max: config.AUTH_RATE_LIMIT_EMAIL_SENT, windowSeconds: 60 * 60 },
        },
        log,
      });
      // Links answered for are mailed after their answer: let those finish before the database.
      const closeDatabase = closeBackend;
      closeBackend = async () => {
        await auth.settled();
        await closeDatabase();
      };
      const storage = await createStorageApi({
        db,
        jwtSecret,
        dataDir: config.dataDir,
        // The embedded database's directory is locked to this process; DATABASE_URL's may be shared.
        exclusiveDataDir: !config.DATABASE_URL,
        s3: config.storageS3,
        log,
      });
      mounts.push(
        ['/rest/v1', rest.handle],
        ['/auth/v1', auth.handle],
        ['/storage/v1', storage.handle],
      );
      backend = {
        ...keys,
        db,
        jwtSecret,
        async reloadSchema() {
          await rest.reloadSchema();
          await storage.reloadRoles();
        },
      };
      leadJobsDb = db;
    } catch (error) {
      await closeBackend();
      throw error;
    }
  } else if (config.DATABASE_URL) {
    // Hosted Supabase serves the APIs; DATABASE_URL is the project's own Postgres connection,
    // used only to deliver lead mails and run the retention (the migrations come from
    // `supabase db push`, not from this server).
    const db = await openPostgres(config.DATABASE_URL, 2);
    noticesUrl = config.DATABASE_URL;
    closeBackend = () => db.close();
    try {
      await checkLeadSchema(db);
    } catch (error) {
      await closeBackend();
      throw error;
    }
    leadJobsDb = db;
  } else {
    log(
      'Lead mails and retention are not run by this server: set DATABASE_URL to the Supabase ' +
        "project's Postgres connection string to send them (pg_cron runs the retention there).",
    );
  }

  // The consultation form signs the moment it was rendered (its minimum fill time) with this; the
  // embedded backend derives it from the JWT secret so every copy of a stateless server agrees.
  const formSecret =
    config.FORM_SECRET ??
    (backend
      ? createHmac('sha256', backend.jwtSecret).update('consultation-form').digest('base64url')
      : persistentSecret(config.dataDir, 'form-secret'));
  process.env.FORM_SECRET = formSecret;

  // Started once the server listens (below); a view cannot arrive before.
  let visits: VisitRecorder | undefined;
  let countPageView: ((req: IncomingMessage, url: URL) => void) | undefined;
  let site: Site | undefined;
  if (options.site !== false) {
    try {
      site = await createSite({
        dev: options.dev === true,
        siteUrl: config.SITE_URL,
        pageCacheBytes: config.PAGE_CACHE_MB * 1024 * 1024,
        log,
        onPageView: (req, url) => countPageView?.(req, url),
      });
    } catch (error) {
      await closeBackend();
      throw error;
    }
  }

  // Each copy empties its pages when a scheduled post's time comes, and reads the next such time
  // again whenever its pages are emptied for a change (server/product/site/publication-timer.ts).
  const publications =
    site && leadJobsDb
      ? startPublicationTimer({ db: leadJobsDb, onDue: site.invalidate, log })
      : undefined;
  if (site && publications) {
    const emptyPages = site.invalidate;
    site.invalidate = () => {
      emptyPages();
      void publications.refresh();
    };
  }

  // Every copy on one database hears a write to what its cached pages show, whoever made it.
  let pageChanges: PageChangeListener | undefined;
  if (site && noticesUrl && options.dev !== true) {
    const changed = site;
    pageChanges = listenForPageChanges({
      connect: pgNoticeConnection(noticesUrl),
      onChange: () => changed.invalidate(),
      log,
    });
    await pageChanges.ready;
  }

  // What the balancer asks (server/health.ts): ready once started, while the database answers.
  const healthDb = leadJobsDb;
  const health = createHealth(healthDb ? { checkDatabase: () => healthDb.query('select 1') } : {});

  const gate = new ClientGate();
  const corsHeaders = Object.entries(CORS_HEADERS);
  const corsPreflightHeaders = Object.entries(CORS_PREFLIGHT_HEADERS);
  /** The CORS headers an API answer carries, set before it is written (unless it was). */
  const setCors = (res: ServerResponse) => {
    if (!res.headersSent) for (const [name, value] of corsHeaders) res.setHeader(name, value);
  };
  const refuseWaiting = (res: ServerResponse) =>
    sendJson(
      res,
      429,
      {
        code: 'PT429',
        details: null,
        hint: 'Retry after the number of seconds in Retry-After.',
        message: 'Too many requests from this client are waiting: try again shortly.',
      },
      // With the CORS headers itself: a known read sets none before its answer.
      { ...CORS_HEADERS, 'Retry-After': '1' },
    );
  // Errors no service answered for, each said at most once a minute (shared/quiet-log.ts).
  const quiet = quietLog();
  const answerUnhandled = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    if (error instanceof DatabaseUnreachableError) {
      quiet(`unreachable ${error.message}`, (repeats) =>
        log(`The database is unavailable (${error.message}); answered 503.${repeats}`),
      );
      if (!res.headersSent) {
        sendJson(res, 503, DATABASE_UNAVAILABLE, {
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
        });
      } else res.destroy();
      return;
    }
    const target = `${req.method} ${req.url?.split('?')[0]}`;
    quiet(`${target} ${(error as Error).message}`, (repeats) =>
      log(`Unhandled error on ${target}: ${(error as Error).stack ?? error}${repeats}`),
    );
    if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
    else res.destroy();
  };
  const handleRequest: RequestListener = async (req, res) => {
    // One answer to "who is asking" for every layer: the APIs' throttles, the database's per-IP
    // rule (request.headers) and the site's actions all read this header from here on.
    const address = resolveClientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      config.TRUST_PROXY,
    );
    req.headers['x-forwarded-for'] = address;
    // A read the data API answered before: the gateway passed its key then, and its lane and
    // turn are still decided here, as below (rest/known-reads.ts).
    const known = req.url?.startsWith('/rest/v1/') ? restApi?.recall(req) : undefined;
    if (known && restApi && callers) {
      const rest = restApi;
      try {
        const lane = await callers.identifyKnown(req, known.caller.claims, address);
        // The answer carries its CORS headers in its one writeHead, as a refusal does its own.
        await gate.pass(
          lane,
          req,
          res,
          () => rest.answerKnown(req, res, known, CORS_HEADERS),
          () => refuseWaiting(res),
        );
      } catch (error) {
        setCors(res);
        answerUnhandled(req, res, error);
      }
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      sendJson(res, 400, { message: 'Bad request URL' });
      return;
    }
    // Before the site: never a cached page, never a visit.
    if (url.pathname === HEALTH_PATH) return health.handle(req, res);
    try {
      const mount = mounts.find(
        ([prefix]) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'),
      );
      if (mount) {
        if (req.method === 'OPTIONS') {
          for (const [name, value] of corsPreflightHeaders) res.setHeader(name, value);
          res.writeHead(204).end();
          return;
        }
        setCors(res);
        const refusal = apiKeyRefusal?.(req.method ?? 'GET', url, req.headers);
        if (refusal) {
          sendJson(res, 401, refusal);
          return;
        }
        if (site && changesPosts(req.method, url.pathname)) {
          const changed = site;
          res.once('finish', () => {
            if (res.statusCode < 400) changed.invalidate();
          });
        }
        const [prefix, handle] = mount;
        if (prefix === '/rest/v1' && callers) {
          const caller = await callers.identify(req, url.searchParams.get('apikey'), address);
          await gate.pass(
            caller,
            req,
            res,
            () => handle(req, res, url),
            () => refuseWaiting(res),
          );
        } else await handle(req, res, url);
        return;
      }
      if (site) {
        await site.handle(req, res, url);
        return;
      }
      sendJson(res, 404, { message: 'Not found' });
    } catch (error) {
      answerUnhandled(req, res, error);
    }
  };
  const { server, drain } = createBoundedServer(
    handleRequest,
    connectionCaps(undefined, config.TRUST_PROXY),
  );
  // The site's server code calls this process's own APIs without a socket: its supabase-js
  // clients get a fetch that hands each request to handleRequest here, with the same headers, key
  // and lanes (decision 34). A stopping copy's pages in flight therefore finish their reads while
  // the public port drains. It answers as the public port would on loopback, so an answer naming
  // where its request was sent (a mailed link without SITE_URL) names the port the site is served on.
  let publicHost = '';
  const ownFetch = backend
    ? createInProcessFetch(handleRequest, { host: () => publicHost })
    : undefined;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  }).catch(async (error: NodeJS.ErrnoException) => {
    await pageChanges?.close();
    await publications?.close();
    await site?.close();
    await closeBackend();
    if (error.code === 'EADDRINUSE') {
      throw new Error(
        `Port ${config.PORT} is already in use: stop the program using it, or choose another port with PORT=…`,
        { cause: error },
      );
    }
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  publicHost = `127.0.0.1:${port}`;
  trustedOrigins = [...trustedOrigins, ...listeningOrigins(config.HOST, port)];
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;

  if (leadJobsDb) {
    const warning = placeholderWarning(await agencyPlaceholdersInUse(leadJobsDb));
    if (warning) log(warning);
  }

  if (site && leadJobsDb) {
    visits = startVisitRecorder({
      db: leadJobsDb,
      log,
      ...(options.visitFlushIntervalMs ? { flushIntervalMs: options.visitFlushIntervalMs } : {}),
    });
    countPageView = pageViewCounter(visits, { siteUrl: config.SITE_URL });
    // The privacy policy says what is true: the visits are counted (app/data/config.server.ts).
    process.env.VISIT_STATISTICS = 'on';
  } else if (site) {
    log(
      'Visit statistics are not recorded by this server: set DATABASE_URL to the Supabase ' +
        "project's Postgres connection string to count page views.",
    );
  }

  // Started once everything else stands, so a failed start has no timers to stop.
  const leadJobs =
    leadJobsDb &&
    startLeadJobs({
      db: leadJobsDb,
      mailer,
      settings: config,
      publicUrl: config.SITE_URL ?? url,
      formSecret,
      outboxDir,
      // The embedded database is locked to this process: no other server holds its leases.
      exclusiveDatabase: embedded && !config.DATABASE_URL,
      log,
      timings: options.leadJobTimings,
    });
  // The embedded services' database, backed up on a schedule by one copy of several (decision 33).
  const backups =
    backend && config.BACKUP_INTERVAL_HOURS > 0
      ? await startScheduledBackups({
          db: backend.db,
          dataDir: config.dataDir,
          intervalHours: config.BACKUP_INTERVAL_HOURS,
          keepDays: config.BACKUP_KEEP_DAYS,
          bucket: config.storageS3,
          exclusiveDatabase: !config.DATABASE_URL,
          log,
        })
      : undefined;

  // Server-side loaders reach the backend through supabase-js like the browser does, in process;
  // the browser gets the URL and key from the root loader at run time (never baked into the bundle).
  let withdrawOwnFetch = () => {};
  if (embedded && backend && site) {
    process.env.SUPABASE_URL = `http://${publicHost}`;
    if (ownFetch) {
      const own = site.keepOwnReads(ownFetch, backend.anonKey);
      withdrawOwnFetch = provideInProcessFetch(process.env.SUPABASE_URL, own.fetch, own.keeper);
    }
    process.env.SUPABASE_ANON_KEY = backend.anonKey;
    process.env.SUPABASE_SERVICE_ROLE_KEY = backend.serviceRoleKey;
    process.env.SUPABASE_SAME_ORIGIN = 'true';
    // The loaders' requests carry it, so the data API's gate gives them the site's own lane.
    if (callers) process.env.SITE_REQUEST_KEY = callers.siteKey;
  }

  const stopAfterConnections = async () => {
    withdrawOwnFetch();
    await pageChanges?.close();
    await publications?.close();
    await site?.close();
    // Before the database closes: a send in flight records its outcome, waiting views are written.
    await leadJobs?.stop();
    await visits?.stop();
    await backups?.stop();
    await closeBackend();
  };
  health.markReady();
  return {
    url,
    port,
    backend,
    fetch: ownFetch,
    leadJobs,
    visits,
    async close() {
      health.markDraining();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stopAfterConnections();
    },
    async shutdown(graceMs) {
      health.markDraining();
      drain.closeAfterEachAnswer();
      // Time for the balancer's next health check to see "draining" and stop sending here.
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      // Once no public request is left, no page still needs its loaders' (in-process) reads.
      await drain.stopAccepting();
      await stopAfterConnections();
    },
  };
}
