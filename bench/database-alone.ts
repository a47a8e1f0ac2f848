// "The database alone" for the side-by-side bench (close-to-the-limit.ts): the statements the data
// API sends PostgreSQL for one request, captured on the wire, then run with nothing of the API
// around them: from Node through the server's own database layer, and with pgbench where it is
// installed. Captured rather than written out here, so the reference follows the data API as it
// changes.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseConnectionString } from 'pg-connection-string';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { startSite } from '../tests/support/site.ts';
import { findProgram } from './load-tools.ts';

/** One statement as the server sent it: its text and its parameters in PostgreSQL's text form. */
export interface SentStatement {
  sql: string;
  params: (string | null)[];
  /** Statements with the same number went before one Sync: one implicit transaction. */
  sync: number;
}

/**
 * The statements each client connection sends, read from the frontend side of the PostgreSQL
 * protocol: Query (simple protocol), and Parse then Bind (extended protocol; a named statement is
 * parsed once per connection and bound many times).
 */
class FrontendReader {
  readonly sent: SentStatement[] = [];
  private buffer = Buffer.alloc(0);
  private started = false;
  private readonly parsed = new Map<string, string>();
  private sync = 0;

  push(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      // Before the startup message (and an SSL request before it) there is no type byte.
      const offset = this.started ? 1 : 0;
      if (this.buffer.length < offset + 4) return;
      const length = this.buffer.readInt32BE(offset);
      if (this.buffer.length < offset + length) return;
      const message = this.buffer.subarray(offset + 4, offset + length);
      if (this.started) this.read(String.fromCharCode(this.buffer[0]!), message);
      else if (message.readInt32BE(0) === 196608) this.started = true; // protocol 3.0
      this.buffer = this.buffer.subarray(offset + length);
    }
  }

  private read(type: string, message: Buffer) {
    let at = 0;
    const text = () => {
      const end = message.indexOf(0, at);
      const value = message.toString('utf8', at, end);
      at = end + 1;
      return value;
    };
    const int16 = () => ((at += 2), message.readInt16BE(at - 2));
    if (type === 'Q') this.sent.push({ sql: text(), params: [], sync: this.sync++ });
    else if (type === 'S') this.sync += 1;
    else if (type === 'P') {
      const name = text();
      this.parsed.set(name, text());
    } else if (type === 'B') {
      text(); // the portal
      const sql = this.parsed.get(text()) ?? '';
      const formats = Array.from({ length: int16() }, int16);
      const params: (string | null)[] = [];
      for (let i = 0, count = int16(); i < count; i += 1) {
        const length = message.readInt32BE(at);
        at += 4;
        // pg sends a Buffer in binary: as bytea's text form, what PostgreSQL reads it back as.
        const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
        const value = message.subarray(at, at + Math.max(length, 0));
        params.push(length < 0 ? null : binary ? `\\x${value.toString('hex')}` : value.toString());
        at += Math.max(length, 0);
      }
      this.sent.push({ sql, params, sync: this.sync });
    }
  }
}

export interface StatementCapture {
  /** A connection string like `databaseUrl`'s that goes through the capture. */
  url: string;
  /** Every connection's statements so far, in order, one list per connection. */
  connections: SentStatement[][];
  stop(): Promise<void>;
}

/** A TCP relay to the PostgreSQL at `databaseUrl` (TCP or a Unix socket) that notes what clients send. */
export async function captureStatements(databaseUrl: string): Promise<StatementCapture> {
  const target = parseConnectionString(databaseUrl);
  const port = Number(target.port ?? 5432);
  const connections: SentStatement[][] = [];
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const reader = new FrontendReader();
    connections.push(reader.sent);
    const upstream = target.host?.startsWith('/')
      ? connect({ path: path.join(target.host, `.s.PGSQL.${port}`) })
      : connect({ host: target.host ?? 'localhost', port });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined); // the other side's close ends the pair
      socket.on('close', () => (sockets.delete(socket), client.destroy(), upstream.destroy()));
    }
    client.on('data', (chunk: Buffer) => reader.push(chunk));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.searchParams.delete('host');
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as { port: number }).port);
  return {
    url: url.toString(),
    connections,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

const isControl = (s: SentStatement) => /^\s*(begin|start|commit|end|rollback)\b/i.test(s.sql);

/**
 * The statements of the transaction that carries the one matching `pattern`, among those captured
 * since `marks`, without the transaction's own begin and commit: those between the begin and the
 * commit around it, or else those sent before the same Sync (an implicit transaction).
 */
export function transactionOf(
  capture: StatementCapture,
  marks: number[],
  pattern: RegExp,
): SentStatement[] {
  for (const [index, sent] of capture.connections.entries()) {
    const since = sent.slice(marks[index] ?? 0);
    const at = since.findIndex((statement) => pattern.test(statement.sql));
    if (at < 0) continue;
    const begin = since.slice(0, at + 1).findLastIndex(isControl);
    const end = since.findIndex((statement, i) => i > at && isControl(statement));
    const framed = begin >= 0 && end > at && /^\s*(begin|start)/i.test(since[begin]!.sql);
    const statements = framed
      ? since.slice(begin + 1, end)
      : since.filter((statement) => statement.sync === since[at]!.sync);
    return statements.filter((statement) => !isControl(statement));
  }
  throw new Error(`No captured statement matches ${pattern}`);
}

/**
 * The statements the data API sends for a GET of `apiPath` as anon (the one matching `pattern` and
 * the rest of its transaction), captured between a site of its own and the PostgreSQL at
 * `databaseUrl`; the second of two requests, once the first has prepared what it prepares.
 */
export async function captureTransaction(
  databaseUrl: string,
  apiPath: string,
  pattern: RegExp,
): Promise<SentStatement[]> {
  const capture = await captureStatements(databaseUrl);
  try {
    const site = await startSite({ SEED_DEMO: 'true', DATABASE_URL: capture.url });
    try {
      const headers = { apikey: site.anonKey, authorization: `Bearer ${site.anonKey}` };
      await fetch(site.url + apiPath, { headers }).then((r) => r.text());
      const marks = capture.connections.map((sent) => sent.length);
      const response = await fetch(site.url + apiPath, { headers });
      const body = await response.text();
      // Rows, as anon: a request its role or policies answered empty would make the reference light.
      if (!response.ok || !(JSON.parse(body) as unknown[]).length)
        throw new Error(`${apiPath} answered ${response.status} without rows: ${body}`);
      return transactionOf(capture, marks, pattern);
    } finally {
      await site.stop();
    }
  } finally {
    await capture.stop();
  }
}

export interface DatabaseAloneFigures {
  'tx/s': number;
  'mean ms': number;
  /** NaN where the tool prints no percentiles (pgbench without a per-transaction log). */
  'p99 ms': number;
  errors: number;
}

/**
 * Runs the statements as one transaction from `connections` loops at once, through the server's
 * own database layer (openPostgres: its pool of `poolSize`, prepared statements, one batch per
 * request): everything the data API does for the request but HTTP, parsing and rendering.
 */
export async function replayFromNode(
  databaseUrl: string,
  statements: SentStatement[],
  { connections, poolSize, seconds }: { connections: number; poolSize: number; seconds: number },
): Promise<DatabaseAloneFigures> {
  const db = await openPostgres(databaseUrl, poolSize);
  const batch = statements.map(({ sql, params }) => ({ sql, params }));
  try {
    // Every connection opened and every statement prepared before measuring.
    await Promise.all(Array.from({ length: poolSize }, () => db.batch(batch)));
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const start = performance.now();
          await db.batch(batch).then(
            () => latencies.push(performance.now() - start),
            () => (errors += 1),
          );
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 100) / 100;
    const mean = latencies.reduce((sum, l) => sum + l, 0) / (latencies.length || 1);
    return {
      'tx/s': Math.round(latencies.length / elapsed),
      'mean ms': round(mean),
      'p99 ms': round(latencies[Math.floor((latencies.length - 1) * 0.99)] ?? 0),
      errors,
    };
  } finally {
    await db.close();
  }
}

/** A parameter as an SQL literal that pgbench passes through untouched (no `:name` inside). */
function literal(value: string | null): string {
  if (value === null) return 'null';
  const escaped = value.replace(/[\\':\n\r]/g, (c) =>
    c === ':' ? '\\x3a' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\${c}`,
  );
  return `E'${escaped}'`;
}

/**
 * pgbench's script for the transaction: each statement with its parameters written in, all sent
 * in one pipeline ended by one Sync (one implicit transaction, one round trip).
 */
export function pgbenchScript(statements: SentStatement[]): string {
  const lines = statements.map(({ sql, params }) => {
    const filled = sql.replace(/\$(\d+)/g, (_, n: string) =>
      literal(params[Number(n) - 1] ?? null),
    );
    return filled.replace(/;?\s*$/, ';'); // pgbench reads a command to its semicolon
  });
  return ['\\startpipeline', ...lines, '\\endpipeline'].join('\n');
}

/**
 * pgbench running the transaction (prepared statements, `connections` clients on two threads);
 * undefined when pgbench is not installed.
 */
export async function replayWithPgbench(
  databaseUrl: string,
  transaction: SentStatement[],
  { connections, seconds, dir }: { connections: number; seconds: number; dir: string },
): Promise<DatabaseAloneFigures | undefined> {
  const pgbench = findProgram('pgbench');
  if (!pgbench) return undefined;
  const script = path.join(dir, 'database-alone.sql');
  await writeFile(script, pgbenchScript(transaction) + '\n');
  const { stdout } = await promisify(execFile)(pgbench, [
    '--no-vacuum',
    '--protocol=prepared',
    `--client=${connections}`,
    `--jobs=${Math.min(2, connections)}`,
    `--time=${seconds}`,
    `--file=${script}`,
    databaseUrl,
  ]);
  const tps = stdout.match(/^tps = ([\d.]+)/m);
  const latency = stdout.match(/^latency average = ([\d.]+) ms/m);
  if (!tps || !latency) throw new Error(`pgbench printed no tps or latency:\n${stdout}`);
  const failed = Number(stdout.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
  return {
    'tx/s': Math.round(Number(tps[1])),
    'mean ms': Number(latency[1]),
    'p99 ms': NaN,
    errors: failed,
  };
}
