// Hears, on a dedicated PostgreSQL connection, that a table a cached page shows was written (the
// `page_changes` notices the migrations' triggers send, whichever client wrote), so that every
// copy of the server on one database empties its page cache within moments of a write made through
// another (docs/decisions/0029-pages-fresh-on-every-copy.md). When the connection drops, it
// reconnects with a growing pause and reports a change once it is back: notices sent meanwhile
// were missed.
import pg from 'pg';

/** The channel the triggers notify (supabase/migrations/…_notify_page_changes.sql). */
export const PAGE_CHANGES_CHANNEL = 'page_changes';

/** One listening connection, as the listener needs it (a pg client, or a stand-in in tests). */
export interface NoticeConnection {
  /** Calls `notice` with each notice's payload, `lost` once when the connection ends or fails. */
  subscribe(notice: (payload: string) => void, lost: (error: Error) => void): void;
  /** Starts listening on the channel. */
  listen(channel: string): Promise<void>;
  close(): Promise<void>;
}

export interface PageChangeOptions {
  connect: () => Promise<NoticeConnection>;
  /**
   * Something a cached page shows may have changed: the table written, or `null` when the
   * connection was (re)made and notices may have been missed.
   */
  onChange: (table: string | null) => void;
  log?: (line: string) => void;
  /** The first pause before reconnecting, doubled after each failure up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface PageChangeListener {
  /** Resolves once the first connection listens, or has failed once (retries go on). */
  ready: Promise<void>;
  /** True while a connection listens. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** Table names only: a payload that is not one is still a change, logged without its text. */
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function listenForPageChanges(options: PageChangeOptions): PageChangeListener {
  const log = options.log ?? console.log;
  const firstRetryMs = options.firstRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let retryMs = firstRetryMs;
  let current: NoticeConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let attempt: Promise<void> = Promise.resolve();

  const retryLater = () => {
    if (closed || timer) return;
    const pause = retryMs;
    retryMs = Math.min(retryMs * 2, maxRetryMs);
    timer = setTimeout(() => {
      timer = undefined;
      attempt = connectOnce();
    }, pause);
    timer.unref();
  };

  const connectOnce = async (): Promise<void> => {
    let connection: NoticeConnection | undefined;
    try {
      connection = await options.connect();
      let gone = false;
      const thisConnection = connection;
      connection.subscribe(
        (payload) => {
          if (gone || closed) return;
          options.onChange(TABLE_NAME.test(payload) ? payload : null);
        },
        (error) => {
          if (gone) return;
          gone = true;
          if (current === thisConnection) current = undefined;
          if (closed) return;
          log(`The page-change notices stopped (${error.message}); listening again shortly.`);
          void thisConnection.close().catch(() => undefined);
          retryLater();
        },
      );
      await connection.listen(PAGE_CHANGES_CHANNEL);
      if (closed || gone) {
        await connection.close().catch(() => undefined);
        return;
      }
      current = connection;
      retryMs = firstRetryMs;
      // Notices sent while no connection listened are lost: assume something changed.
      options.onChange(null);
    } catch (error) {
      await connection?.close().catch(() => undefined);
      if (closed) return;
      log(`Listening for page changes failed (${(error as Error).message}); trying again shortly.`);
      retryLater();
    }
  };

  attempt = connectOnce();
  return {
    ready: attempt,
    get listening() {
      return current !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await attempt;
      const connection = current;
      current = undefined;
      await connection?.close().catch(() => undefined);
    },
  };
}

/** A dedicated pg connection to `connectionString` (never a pooled one: LISTEN is per session). */
export function pgNoticeConnection(connectionString: string): () => Promise<NoticeConnection> {
  return async () => {
    // Keep-alive makes a silently dropped network path end the connection, and so reconnect.
    const client = new pg.Client({ connectionString, keepAlive: true });
    // Until subscribe: an error before it must not go unhandled.
    const early: Error[] = [];
    const collect = (error: Error) => early.push(error);
    client.on('error', collect);
    await client.connect();
    return {
      subscribe(notice, lost) {
        client.off('error', collect);
        let told = false;
        const tell = (error: Error) => {
          if (told) return;
          told = true;
          lost(error);
        };
        client.on('notification', (message) => {
          if (message.channel === PAGE_CHANGES_CHANNEL) notice(message.payload ?? '');
        });
        client.on('error', tell);
        client.on('end', () => tell(new Error('the connection ended')));
        if (early[0]) tell(early[0]);
      },
      async listen(channel) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      },
      async close() {
        await client.end();
      },
    };
  };
}
