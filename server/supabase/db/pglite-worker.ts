// The worker thread that runs PGlite (server/supabase/db/pglite.ts starts it): a statement here never holds
// the Node thread that answers requests, and the main thread can end the worker when a statement
// outlives its statement_timeout, which WebAssembly PostgreSQL cannot enforce itself.
//
// Statements go to PostgreSQL as wire-protocol messages, one batch per call: PGlite's own query()
// makes six round trips into WebAssembly per statement (parse, describe, bind, describe, execute,
// sync) and plans each statement anew. Here a call is a single batch, and each statement text is
// prepared once and then only bound and run, as the pg adapter and PostgREST do.
// Long because it is the whole worker: the wire-protocol messages out, the replies read back, the
// transactions and the timeouts, in the one file the thread runs.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { toParameter } from './pglite-values.ts';
import { MAX_PREPARED_IN_PGLITE, PreparedStatements } from './prepared-statements.ts';
import type { Statement } from './types.ts';

export interface WorkerData {
  directory: string;
  /** PGlite's WebAssembly, compiled once by the main thread for every worker it starts. */
  module: WebAssembly.Module;
}

export interface Call {
  id: number;
  sql: string;
  /** Absent for a script of several statements (the simple query protocol, no parameters). */
  params?: unknown[];
  /** Open a transaction first. */
  begin?: boolean;
}

/** Statements in a transaction of their own: BEGIN, the statements and COMMIT in one batch. */
export interface BatchCall {
  id: number;
  statements: Statement[];
  /** The statement_timeout the statements set for themselves (for the main thread's watchdog). */
  timeoutMs?: number;
}

/** A PostgreSQL error's fields, which survive the thread boundary as a plain object. */
export type ErrorFields = { message: string } & Record<string, unknown>;

export type Reply =
  | { id: number; rows: Record<string, string | null>[]; rowCount: number; timeoutMs: number }
  | { id: number; error: ErrorFields; timeoutMs: number; fatal?: boolean };

export type WorkerMessage = Reply | { ready: true; timeoutMs: number } | { closed: true };

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type Message<K extends keyof typeof protocol.messages> = InstanceType<
  Extract<(typeof protocol.messages)[K], abstract new (...args: never[]) => unknown>
>;

interface Result {
  rows: Record<string, string | null>[];
  rowCount: number;
}

/** Like the pg adapter's, bounded: the least recently used is closed when another needs its place. */
const statementNames = new PreparedStatements(MAX_PREPARED_IN_PGLITE);
/** The column names of each prepared statement, from its first Describe. */
const columnNames = new Map<string, string[]>();

const UNIT_MS: Record<string, number> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** statement_timeout as SHOW prints it ('3s', '1500ms', '0') in milliseconds; 0 is none. */
function timeoutMs(setting: string): number {
  const match = /^(\d+)\s*([a-z]*)$/.exec(setting.trim());
  if (!match) return 0;
  return Number(match[1]) * (UNIT_MS[match[2] || 'ms'] ?? 1);
}

/**
 * The rows and counts of each statement in a batch, or its first error. `known` holds the column
 * names of statements run without a Describe (prepared ones described before).
 */
function results(
  messages: BackendMessage[],
  known: (string[] | undefined)[] = [],
): {
  results: Result[];
  error?: ErrorFields;
  status: string;
  /** How many statements were parsed (prepared). */
  parsed: number;
  /** The column names each statement's Describe answered (none for a statement without rows). */
  described: (string[] | undefined)[];
} {
  const done: Result[] = [];
  const described: (string[] | undefined)[] = [];
  let fields = known[0] ?? [];
  let rows: Record<string, string | null>[] = [];
  let error: ErrorFields | undefined;
  let status = 'I';
  let parsed = 0;
  const next = (result: Result) => {
    done.push(result);
    rows = [];
    fields = known[done.length] ?? [];
  };
  for (const message of messages) {
    switch (message.name) {
      case 'parseComplete':
        parsed++;
        break;
      case 'rowDescription':
        fields = (message as Message<'RowDescriptionMessage'>).fields.map((f) => f.name);
        described[done.length] = fields;
        break;
      case 'noData':
        described[done.length] = [];
        break;
      case 'dataRow': {
        const values = (message as Message<'DataRowMessage'>).fields;
        const row: Record<string, string | null> = {};
        for (let i = 0; i < fields.length; i++) row[fields[i]!] = values[i] ?? null;
        rows.push(row);
        break;
      }
      case 'commandComplete': {
        const count = /(\d+)$/.exec((message as Message<'CommandCompleteMessage'>).text);
        next({ rows, rowCount: count ? Number(count[1]) : rows.length });
        break;
      }
      case 'emptyQuery':
        next({ rows: [], rowCount: 0 });
        break;
      case 'error':
        error ??= errorFields(message as Message<'DatabaseError'>);
        break;
      case 'readyForQuery':
        status = (message as Message<'ReadyForQueryMessage'>).status;
        break;
    }
  }
  return { results: done, error, status, parsed, described };
}

function errorFields(error: Error): ErrorFields {
  const fields: ErrorFields = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value !== undefined && typeof value !== 'function' && key !== 'length') fields[key] = value;
  }
  return fields;
}

/** A parameter that has no text form (a circular object…): the caller's mistake, not PGlite's. */
class ParameterError extends Error {}

function parameters(statements: Statement[]): (string | null)[][] {
  try {
    return statements.map(({ params }) => params.map(toParameter));
  } catch (error) {
    throw new ParameterError(error instanceof Error ? error.message : String(error));
  }
}

const BEGIN: Statement = { sql: 'begin', params: [] };
const COMMIT: Statement = { sql: 'commit', params: [] };
const READ_TIMEOUT: Statement = { sql: "select current_setting('statement_timeout')", params: [] };

/** Statements that set statement_timeout only until their transaction ends, as the API's do. */
function setsLocally(sql: string): boolean {
  const rest = sql
    .replace(/set_config\(\s*'statement_timeout'\s*,[^,()]+,\s*true\s*\)/gi, '')
    .replace(/\bset\s+local\s+statement_timeout\b/gi, '');
  return !/statement_timeout/i.test(rest);
}

function open(pg: PGlite) {
  let status = 'I';
  // The statement_timeout in effect for the next statement, read in the same batch after a
  // statement that may set it. When the transaction that set it ends, it returns to the session's
  // (when it was set locally) or is read again.
  let timeout = 0;
  let sessionTimeout = 0;
  let afterTransaction: 'session' | 'read' | undefined;

  async function exchange(message: Uint8Array, known?: (string[] | undefined)[]) {
    const { messages } = await pg.execProtocol(message, { syncToFs: false, throwOnError: false });
    const outcome = results(messages, known);
    status = outcome.status;
    if (status === 'I') await pg.syncToFs();
    return outcome;
  }

  function forget(sql: string) {
    const name = statementNames.nameOf(sql);
    statementNames.forget(sql);
    if (name) columnNames.delete(name);
  }

  async function batch(statements: Statement[]) {
    const values = parameters(statements);
    const parts: Uint8Array[] = [];
    const prepared: string[] = [];
    const names: string[] = [];
    const known: (string[] | undefined)[] = [];
    for (const name of statementNames.takeClosing()) {
      columnNames.delete(name);
      parts.push(protocol.serialize.close({ type: 'S', name }));
    }
    for (const [i, { sql }] of statements.entries()) {
      const { name, parse } = statementNames.use(sql);
      if (parse) {
        prepared.push(sql);
        parts.push(protocol.serialize.parse({ name, text: sql }));
      }
      names.push(name);
      parts.push(protocol.serialize.bind({ statement: name, values: values[i] }));
      // A prepared statement's columns stay as described (a change of shape is an error, below).
      known.push(name ? columnNames.get(name) : undefined);
      if (!known[i]) parts.push(protocol.serialize.describe({ type: 'P' }));
      parts.push(protocol.serialize.execute({}));
    }
    parts.push(protocol.serialize.sync());
    const outcome = await exchange(concat(parts), known);
    outcome.described.forEach((columns, i) => {
      if (columns && names[i]) columnNames.set(names[i], columns);
    });
    // A statement that failed to parse was not prepared: forget its name.
    for (const sql of prepared.slice(outcome.parsed)) forget(sql);
    if (outcome.error?.code === '0A000' && /cached plan/.test(outcome.error.message)) {
      // A table behind a prepared statement changed shape (DDL): prepare it again next time.
      const close = names
        .filter(Boolean)
        .map((name) => protocol.serialize.close({ type: 'S', name }));
      for (const { sql } of statements) forget(sql);
      await exchange(concat([...close, protocol.serialize.sync()]));
    }
    return outcome;
  }

  /** Takes the setting that a batch's last statement read, if the batch got that far. */
  function took(outcome: ReturnType<typeof results>, local: boolean) {
    if (outcome.error) return;
    const setting = outcome.results.at(-1)?.rows[0]?.current_setting;
    if (setting != null) timeout = timeoutMs(setting);
    if (status === 'I') {
      sessionTimeout = timeout;
      afterTransaction = undefined;
    } else if (afterTransaction !== 'read') {
      afterTransaction = local ? 'session' : 'read';
    }
  }

  async function readTimeout(local = false) {
    // In a failed transaction nothing runs: the next statement fails at once anyway.
    if (status !== 'E') took(await batch([READ_TIMEOUT]), local);
  }

  async function run(call: Call): Promise<ReturnType<typeof results>> {
    const sets = /statement_timeout/i.test(call.sql);
    const local = sets && setsLocally(call.sql);
    if (call.params === undefined) {
      if (call.begin) {
        const begun = await batch([BEGIN]);
        if (begun.error) return begun;
      }
      const outcome = await exchange(protocol.serialize.query(call.sql));
      if (sets) await readTimeout(local);
      return outcome;
    }
    const ends = afterTransaction === 'read' && /^\s*(commit|rollback|end|abort)\b/i.test(call.sql);
    const statements = [...(call.begin ? [BEGIN] : []), { sql: call.sql, params: call.params }];
    const outcome = await batch(sets || ends ? [...statements, READ_TIMEOUT] : statements).catch(
      async (error: unknown) => {
        // The transaction is open all the same, as when pg refuses a parameter after BEGIN.
        if (error instanceof ParameterError && call.begin) await batch([BEGIN]);
        throw error;
      },
    );
    if (sets || ends) {
      took(outcome, local);
      outcome.results.pop();
    }
    if (call.begin) outcome.results.shift();
    return outcome;
  }

  return {
    timeout: () => timeout,
    readTimeout,
    /** The last statement's rows, committed, or the first error, rolled back. */
    async runBatch(statements: Statement[]): Promise<Result | { error: ErrorFields }> {
      // Only a setting made for the session outlives the transaction, and has to be read again.
      const reads = statements.some(
        ({ sql }) => /statement_timeout/i.test(sql) && !setsLocally(sql),
      );
      const outcome = await batch([BEGIN, ...statements, COMMIT, ...(reads ? [READ_TIMEOUT] : [])]);
      // A failure skips the rest of the batch (COMMIT too) and leaves the transaction aborted.
      if (status !== 'I') await exchange(protocol.serialize.query('rollback'));
      if (outcome.error) return { error: outcome.error };
      if (reads) took(outcome, false);
      return outcome.results[statements.length] ?? { rows: [], rowCount: 0 };
    },
    /** The call's rows (a script's last statement's), or its first error. */
    async run(call: Call): Promise<Result | { error: ErrorFields }> {
      const outcome = await run(call);
      // The transaction that set the timeout has ended (and not through a batch that read it).
      if (status === 'I' && afterTransaction === 'session') {
        timeout = sessionTimeout;
        afterTransaction = undefined;
      } else if (status === 'I' && afterTransaction === 'read') await readTimeout();
      if (outcome.error) return { error: outcome.error };
      return outcome.results.at(-1) ?? { rows: [], rowCount: 0 };
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const { directory, module } = workerData as WorkerData;
const port = parentPort!;
const pg = await PGlite.create(directory, { pgliteWasmModule: module });
const connection = open(pg);
await connection.readTimeout();
port.postMessage({ ready: true, timeoutMs: connection.timeout() } satisfies WorkerMessage);

// One call at a time, in the order they came: they share PGlite's one connection.
let queue = Promise.resolve();
port.on('message', (message: Call | BatchCall | { close: true }) => {
  queue = queue.then(async () => {
    if ('close' in message) {
      await pg.close();
      port.postMessage({ closed: true } satisfies WorkerMessage);
      port.close();
      return;
    }
    try {
      const result =
        'statements' in message
          ? await connection.runBatch(message.statements)
          : await connection.run(message);
      port.postMessage({ id: message.id, ...result, timeoutMs: connection.timeout() });
    } catch (error) {
      // Other than a bad parameter, not PostgreSQL's answer but WebAssembly that aborted, which
      // leaves PGlite unusable: the main thread starts a new worker.
      port.postMessage({
        id: message.id,
        error: errorFields(error instanceof Error ? error : new Error(String(error))),
        timeoutMs: connection.timeout(),
        fatal: !(error instanceof ParameterError),
      } satisfies Reply);
    }
  });
});
