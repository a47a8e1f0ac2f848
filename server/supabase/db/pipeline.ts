// A request's statements sent to PostgreSQL in one write and answered in one round trip: each
// statement is bound and executed (parsed first only when this connection has not prepared it),
// and one Sync ends them. PostgreSQL runs everything before a Sync in one implicit transaction,
// so the statements commit together at the Sync, or none does (docs/decisions/0036-*.md).
//
// Prepared statements are kept per connection (prepared-statements.ts): bounded, the least
// recently used closed by a Close message in the same write.
import pg from 'pg';
import { PreparedStatements } from './prepared-statements.ts';
import type { QueryResult, Statement } from './types.ts';

/** The parts of pg's Connection this module writes with (pg's own Query uses the same). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name: string }): void;
  bind(message: { statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string; rows?: number }): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface FieldDescription {
  name: string;
}

/** pg's own conversion of a JavaScript value to a parameter (Dates, arrays, objects, Buffers). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils
  .prepareValue;

const caches = new WeakMap<object, PreparedStatements>();

/** The prepared statements of the connection of a pg client. */
export function preparedStatementsOf(client: pg.ClientBase): PreparedStatements {
  const connection = (client as unknown as { connection: object }).connection;
  let cache = caches.get(connection);
  if (!cache) {
    cache = new PreparedStatements();
    caches.set(connection, cache);
  }
  return cache;
}

type Callback<R> = (error: Error | null, result?: QueryResult<R>) => void;

/**
 * A pg "submittable" (the interface pg-cursor uses): pg hands it the connection when the client
 * is free and passes it every message until ReadyForQuery. Values are text, as the rest of the
 * server reads them (the JSON answers are made in SQL).
 */
class Pipeline<R> {
  private fields: string[] = [];
  private rows: Record<string, string | null>[] = [];
  private last: QueryResult<R> = { rows: [], rowCount: 0 };
  private failed = false;
  /** Statements parsed in this pipeline: uncertain if it fails. */
  private readonly parsed: string[] = [];
  /** Each statement's name, and its columns when an earlier Describe told them. */
  private readonly names: string[] = [];
  private readonly known: (string[] | undefined)[] = [];
  /** The columns each Describe of this pipeline answered, by statement. */
  private readonly described: (string[] | undefined)[] = [];
  /** The statement whose replies are arriving. */
  private index = 0;

  private readonly statements: Statement[];
  private readonly cache: PreparedStatements;
  private readonly callback: Callback<R>;

  constructor(statements: Statement[], cache: PreparedStatements, callback: Callback<R>) {
    this.statements = statements;
    this.cache = cache;
    this.callback = callback;
  }

  submit(connection: WireConnection): Error | null {
    // Every value is converted before anything is written: a value pg cannot send fails alone.
    let values: unknown[][];
    try {
      values = this.statements.map(({ params }) => params.map(prepareValue));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
    connection.stream.cork?.();
    try {
      for (const name of this.cache.takeClosing()) connection.close({ type: 'S', name });
      this.statements.forEach(({ sql }, i) => {
        const { name, parse } = this.cache.use(sql);
        if (parse) {
          connection.parse({ text: sql, name });
          this.parsed.push(sql);
        }
        connection.bind({ statement: name, values: values[i]! });
        const columns = parse ? undefined : this.cache.columnsOf(name);
        this.names.push(name);
        this.known.push(columns);
        // Described once: the RowDescription is not sent again for every request.
        if (!columns) connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      });
      this.fields = this.known[0] ?? [];
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    this.fields = message.fields.map((field) => field.name);
    this.described[this.index] = this.fields;
    this.rows = [];
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const row: Record<string, string | null> = {};
    const { fields } = this;
    for (let i = 0; i < fields.length; i++) row[fields[i]!] = message.fields[i] ?? null;
    this.rows.push(row);
  }

  handleCommandComplete(message: { text: string }): void {
    const counted = /(\d+)$/.exec(message.text);
    const rows = this.rows as R[];
    this.last = { rows, rowCount: counted ? Number(counted[1]) : rows.length };
    this.next();
  }

  handleEmptyQuery(): void {
    this.last = { rows: [], rowCount: 0 };
    this.next();
  }

  private next(): void {
    // A described statement without a RowDescription returns no rows (NoData).
    if (!this.known[this.index]) this.described[this.index] ??= [];
    this.index++;
    this.fields = this.known[this.index] ?? [];
    this.rows = [];
  }

  handlePortalSuspended(): void {
    // Never asked for: every Execute runs its portal to the end.
  }

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('COPY FROM STDIN is not supported');
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    // Which Parse succeeded is not known: forget them all (closing a statement that does not
    // exist is no error), so a name is never taken for a statement it does not hold.
    for (const sql of this.parsed) this.cache.forget(sql);
    const { code } = error as { code?: unknown };
    if (code === '0A000' && /cached plan/.test(error.message)) {
      // A table behind a prepared statement changed shape (DDL): prepare them again next time.
      for (const { sql } of this.statements) this.cache.forget(sql);
    }
    this.callback(error);
  }

  handleReadyForQuery(): void {
    if (this.failed) return;
    this.described.forEach((columns, i) => {
      if (columns) this.cache.described(this.names[i]!, columns);
    });
    this.callback(null, this.last);
  }
}

/**
 * Runs the statements on the client in one round trip, as one implicit transaction (or as one
 * statement, when there is one), and answers the last one's rows.
 */
export function runPipeline<R>(
  client: pg.ClientBase,
  statements: Statement[],
): Promise<QueryResult<R>> {
  return new Promise((resolve, reject) => {
    const pipeline = new Pipeline<R>(statements, preparedStatementsOf(client), (error, result) =>
      error ? reject(error) : resolve(result!),
    );
    void client.query(pipeline as unknown as pg.QueryConfig);
  });
}
