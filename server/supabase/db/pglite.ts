// PGlite (PostgreSQL as WebAssembly) in a worker thread (pglite-worker.ts), so that a statement
// never holds the thread that answers requests, and statement_timeout holds as on PostgreSQL:
// WebAssembly cannot be interrupted from inside, so when a statement outlives the timeout in
// effect, this thread ends the worker and starts a new one on the same directory. PGlite then
// recovers from its write-ahead log as after a crash: what was committed stays.
import { Worker } from 'node:worker_threads';
import { closeLeftFiles, pgliteModule } from './pglite-process.ts';
import type { Database, Queryable, QueryResult, Statement } from './types.ts';
import type {
  BatchCall,
  Call,
  ErrorFields,
  Reply,
  WorkerData,
  WorkerMessage,
} from './pglite-worker.ts';

const workerUrl = new URL('./pglite-worker.ts', import.meta.url);

/** How often calls may try to start a worker again after a start failed. */
const RESTART_INTERVAL_MS = 1_000;

function postgresError(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** What PostgreSQL answers for a statement that ran past statement_timeout. */
function timeoutError(): Error {
  return postgresError({
    message: 'canceling statement due to statement timeout',
    severity: 'ERROR',
    code: '57014',
  });
}

/** A call made inside a transaction whose worker was ended, as PostgreSQL answers it. */
function abortedError(): Error {
  return postgresError({
    message: 'current transaction is aborted, commands ignored until end of transaction block',
    severity: 'ERROR',
    code: '25P02',
  });
}

interface Pending {
  call: Call | BatchCall;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

class PgliteWorker {
  readonly #directory: string;
  /** Undefined from the moment a worker is ended until its successor is up. */
  #worker: Worker | undefined;
  #ready!: Promise<Worker>;
  /** Calls sent to the worker and not yet answered; it runs them in this order. */
  #inFlight: Pending[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** statement_timeout in effect for the worker's next statement, in ms; 0 is none. */
  #timeoutMs = 0;
  #nextId = 0;
  /** When a call may try again to start a worker whose start failed. */
  #nextStart = 0;
  /** Counts ended workers: a transaction begun on an ended worker is gone. */
  generation = 0;

  #module: WebAssembly.Module;

  constructor(directory: string, module: WebAssembly.Module) {
    this.#directory = directory;
    this.#module = module;
  }

  start(): Promise<Worker> {
    const worker = new Worker(workerUrl, {
      workerData: { directory: this.#directory, module: this.#module } satisfies WorkerData,
    });
    this.#ready = new Promise<Worker>((resolve, reject) => {
      const failed = (error: unknown) => {
        worker.off('message', started);
        void worker.terminate();
        // PGlite's file system throws plain objects ({ name: 'ErrnoError', errno }).
        reject(
          error instanceof Error
            ? error
            : new Error(`PGlite could not start in ${this.#directory}: ${JSON.stringify(error)}`),
        );
      };
      const exited = (code: number) => failed(new Error(`PGlite's worker exited (${code})`));
      const started = (message: WorkerMessage) => {
        if (!('ready' in message)) return;
        worker.off('message', started).off('error', failed).off('exit', exited);
        this.#worker = worker;
        this.#timeoutMs = message.timeoutMs;
        worker.on('message', (reply: WorkerMessage) => this.#answered(worker, reply));
        worker.on('error', (error) => this.#lost(worker, error));
        worker.on('exit', (code) => this.#lost(worker, new Error(`PGlite exited (${code})`)));
        worker.unref();
        resolve(worker);
      };
      worker.on('message', started).once('error', failed).once('exit', exited);
    });
    return this.#ready;
  }

  /**
   * The worker once it is up. When the last start failed (the directory busy or gone, memory
   * short…), a call starts it again, at most once a second, instead of failing until the process
   * restarts; the call gets the start's error meanwhile.
   */
  async #up(): Promise<Worker> {
    const ready = this.#ready;
    try {
      return await ready;
    } catch (error) {
      // Another call may have started the next attempt already: that one is awaited.
      if (this.#ready === ready) {
        if (Date.now() < this.#nextStart) throw error;
        this.#nextStart = Date.now() + RESTART_INTERVAL_MS;
        this.#ready = this.start();
        this.#ready.catch(() => undefined);
      }
      return this.#ready;
    }
  }

  /** Sends a call once the worker is up; the answer, or the error, comes back in order. */
  async send(call: Omit<Call, 'id'> | Omit<BatchCall, 'id'>): Promise<QueryResult<never>> {
    const worker = await this.#up();
    const reply = await new Promise<Reply>((resolve, reject) => {
      const pending = { call: { ...call, id: this.#nextId++ }, resolve, reject };
      // Throws (and so rejects) for a parameter that cannot cross the thread, before it is queued.
      worker.postMessage(pending.call);
      this.#inFlight.push(pending);
      if (this.#inFlight.length === 1) {
        worker.ref();
        this.#watch();
      }
    });
    if ('error' in reply) throw postgresError(reply.error);
    return { rows: reply.rows as never[], rowCount: reply.rowCount };
  }

  /** Times the statement the worker runs now, the first one in flight. */
  #watch() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const running = this.#inFlight[0]?.call;
    if (!running) return;
    // A batch sets its own timeout in the worker; the reply would tell it only afterwards.
    const ms = ('timeoutMs' in running && running.timeoutMs) || this.#timeoutMs;
    if (ms === 0) return;
    this.#timer = setTimeout(() => this.#end(timeoutError()), ms);
  }

  #answered(worker: Worker, message: WorkerMessage) {
    if (worker !== this.#worker || !('id' in message)) return;
    this.#timeoutMs = message.timeoutMs;
    this.#inFlight.shift()?.resolve(message);
    if ('fatal' in message && message.fatal) return this.#end(abortedError());
    if (this.#inFlight.length === 0) worker.unref();
    this.#watch();
  }

  #lost(worker: Worker, error: Error) {
    if (worker === this.#worker) this.#end(error);
  }

  /**
   * Ends the worker: the running statement gets `error`, the calls behind it (the same
   * transaction's, as only one runs at a time) fail as PostgreSQL fails them after an error, and
   * a new worker starts on the same directory.
   */
  #end(error: Error) {
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = undefined;
    this.generation++;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const [running, ...behind] = this.#inFlight;
    this.#inFlight = [];
    running?.reject(error);
    for (const pending of behind) pending.reject(abortedError());
    this.#ready = (async () => {
      await worker.terminate();
      closeLeftFiles(this.#directory);
      return this.start();
    })();
    // Calls that wait for the new worker hear of its failure; nobody else has to.
    this.#ready.catch(() => undefined);
  }

  async close() {
    // A worker that could not start again has nothing left to close.
    const worker = await this.#ready.catch(() => undefined);
    if (!worker) return;
    this.#worker = undefined;
    await new Promise<void>((resolve) => {
      worker.on('message', (message: WorkerMessage) => {
        if ('closed' in message) resolve();
      });
      worker.ref();
      worker.postMessage({ close: true });
    });
    await worker.terminate();
  }
}

/** Embedded PostgreSQL (WebAssembly) persisted in a directory; one process per directory. */
export async function openPglite(directory: string): Promise<Database> {
  const connection = new PgliteWorker(directory, await pgliteModule());
  await connection.start();
  // PGlite has one connection: a transaction has it to itself, and statements outside wait.
  let turn: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = turn.then(fn);
    turn = result.catch(() => undefined);
    return result;
  }
  const run = <R>(sql: string, params: unknown[] | undefined) =>
    exclusive(() => connection.send({ sql, params }) as Promise<QueryResult<R>>);
  return {
    query: (sql, params = []) => run(sql, params),
    exec: async (sql) => {
      await run(sql, undefined);
    },
    transaction: (fn) =>
      exclusive(async () => {
        let begun = false;
        let generation = 0;
        const send = <R>(sql: string, params: unknown[] | undefined) => {
          if (begun && generation !== connection.generation) return Promise.reject(abortedError());
          const begin = !begun;
          begun = true;
          generation = connection.generation;
          return connection.send({ sql, params, begin }) as Promise<QueryResult<R>>;
        };
        const tx: Queryable = {
          query: (sql, params = []) => send(sql, params),
          exec: async (sql) => {
            await send(sql, undefined);
          },
        };
        // A transaction that never ran a statement has nothing to commit or roll back.
        const end = async (sql: 'commit' | 'rollback') => {
          if (!begun) return;
          if (generation !== connection.generation) {
            if (sql === 'commit') throw abortedError();
            return;
          }
          await connection.send({ sql, params: [] });
        };
        let result;
        try {
          result = await fn(tx);
        } catch (error) {
          await end('rollback').catch(() => undefined);
          throw error;
        }
        await end('commit');
        return result;
      }),
    // One message to the worker: nothing runs between the statements, so nothing waits for this thread.
    batch: <R>(statements: Statement[], options: { timeoutMs?: number } = {}) =>
      exclusive(() => connection.send({ statements, ...options }) as Promise<QueryResult<R>>),
    close: () => exclusive(() => connection.close()),
  };
}
