// What Node itself can make of the data API's database work on this machine: a bare node:http
// server in a process of its own that answers every request by running the statements captured
// from the data API for one read (database-alone.ts) through the server's own database layer
// (openPostgres: the same pool, prepared statements, one batch a request) and sending the body the
// last one returns. No key, caller, gate, query parsing or headers of the API's own: the data API's
// row in close-to-the-limit.ts is set against it beside the database alone. Run as a script, it is
// that server (STATEMENTS_FILE, DATABASE_URL, POOL_SIZE in its environment).
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { SentStatement } from './database-alone.ts';
import { startReferenceProcess, type ReferenceServer } from './reference-servers.ts';

/** The row the data API's read returns (server/supabase/rest/sql.ts). */
interface ReadRow {
  page_total: string;
  body: string | null;
}

/** Starts the bare server on `databaseUrl` in a process of its own. */
export async function startBareDataApi(
  dir: string,
  databaseUrl: string,
  statements: SentStatement[],
  poolSize: number,
): Promise<ReferenceServer> {
  const file = path.join(dir, 'bare-data-api-statements.json');
  await writeFile(file, JSON.stringify(statements.map(({ sql, params }) => ({ sql, params }))));
  return startReferenceProcess(
    [fileURLToPath(import.meta.url)],
    { STATEMENTS_FILE: file, DATABASE_URL: databaseUrl, POOL_SIZE: String(poolSize) },
    '/',
  );
}

async function serve(): Promise<void> {
  const statements = JSON.parse(await readFile(process.env.STATEMENTS_FILE!, 'utf8')) as {
    sql: string;
    params: unknown[];
  }[];
  const db = await openPostgres(process.env.DATABASE_URL!, Number(process.env.POOL_SIZE));
  const server = createServer((_request, response) => {
    db.batch<ReadRow>(statements).then(
      ({ rows: [row] }) => {
        const body = row?.body ?? '[]';
        const last = Number(row?.page_total ?? 0) - 1;
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-range': last >= 0 ? `0-${last}/*` : '*/*',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error: Error) => {
        response.writeHead(500).end(error.message);
      },
    );
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(`listening on ${(server.address() as { port: number }).port}`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void db.close().then(() => process.exit(0));
  });
}

if (import.meta.main) await serve();
