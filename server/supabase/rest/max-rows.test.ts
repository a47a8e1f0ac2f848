// config.toml's [api] max_rows, as PostgREST enforces it: every read of a table or of a
// set-returning function answers at most that many rows; writes answer every row they wrote.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import { signJwt } from '../jwt.ts';
import { parseQuery } from './parse.ts';
import { createRestApi } from './api.ts';
import { readWindow } from './operations.ts';

const query = (qs: string) => parseQuery(new URLSearchParams(qs));

describe('the rows a read asks for, cut at max_rows', () => {
  it('cuts an unbounded read at max_rows from its offset', () => {
    expect(readWindow(query(''), undefined, 1000)).toEqual({ offset: 0, limit: 1000 });
    expect(readWindow(query('offset=2000'), undefined, 1000)).toEqual({
      offset: 2000,
      limit: 1000,
    });
  });

  it('keeps a smaller limit or range, and cuts a larger one', () => {
    expect(readWindow(query('limit=10'), undefined, 1000)).toEqual({ offset: 0, limit: 10 });
    expect(readWindow(query(''), { from: 1000, to: 1999 }, 1000)).toEqual({
      offset: 1000,
      limit: 1000,
    });
    expect(readWindow(query(''), { from: 0, to: 4999 }, 1000)).toEqual({ offset: 0, limit: 1000 });
    expect(readWindow(query('limit=5000&offset=10'), undefined, 1000)).toEqual({
      offset: 10,
      limit: 1000,
    });
  });

  it('keeps limit=0 (a count without rows)', () => {
    expect(readWindow(query('limit=0'), undefined, 1000)).toEqual({ offset: 0, limit: 0 });
  });

  it('leaves a read whole when no max_rows is given', () => {
    expect(readWindow(query(''), undefined)).toEqual({ offset: 0 });
  });
});

describe('a data API whose max_rows is 4', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  let db: Database;
  let server: Server;
  let base: string;
  let key: string;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
    await db.exec(`
      create table public.numbers (n int primary key);
      grant select, insert on public.numbers to anon;
      insert into public.numbers select generate_series(1, 10);
      create function public.numbers_up_to(top int) returns setof int
        language sql stable as 'select generate_series(1, top)';
      create function public.number_count() returns int
        language sql stable as 'select count(*)::int from public.numbers';
      grant execute on function public.numbers_up_to(int), public.number_count() to anon;
    `);
    const api = await createRestApi({ db, jwtSecret: secret, maxRows: 4 });
    key = await signJwt({ role: 'anon' }, secret);
    server = createServer((req, res) => {
      void api.handle(req, res, new URL(req.url ?? '/', 'http://localhost'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/rest/v1`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await db?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/${path}`, { headers: { apikey: key, ...headers } });
  const numbers = async (response: Response) =>
    ((await response.json()) as Array<{ n: number }>).map((row) => row.n);

  it('answers the first 4 rows of a read, with 200 and 0-3/* when nothing is counted', async () => {
    const response = await get('numbers?order=n');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('0-3/*');
    expect(await numbers(response)).toEqual([1, 2, 3, 4]);
  });

  it('answers 206 and 0-3/10 with an exact count, as PostgREST does for a partial answer', async () => {
    const response = await get('numbers?order=n', { Prefer: 'count=exact' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('0-3/10');
    expect(await numbers(response)).toEqual([1, 2, 3, 4]);
  });

  it('answers the next page from an offset, cut again at 4', async () => {
    const response = await get('numbers?order=n&offset=4&limit=100', { Prefer: 'count=exact' });
    expect(response.headers.get('content-range')).toBe('4-7/10');
    expect(await numbers(response)).toEqual([5, 6, 7, 8]);
    const last = await get('numbers?order=n', { Range: '8-20', Prefer: 'count=exact' });
    expect(last.headers.get('content-range')).toBe('8-9/10');
    expect(await numbers(last)).toEqual([9, 10]);
  });

  it('keeps a smaller limit unchanged', async () => {
    const response = await get('numbers?order=n&limit=2', { Prefer: 'count=exact' });
    expect(response.headers.get('content-range')).toBe('0-1/10');
    expect(await numbers(response)).toEqual([1, 2]);
  });

  it('counts without rows under limit=0 and HEAD', async () => {
    const response = await get('numbers?limit=0', { Prefer: 'count=exact' });
    expect(response.headers.get('content-range')).toBe('*/10');
    expect(await response.json()).toEqual([]);
    const head = await fetch(`${base}/numbers`, {
      method: 'HEAD',
      headers: { apikey: key, Prefer: 'count=exact' },
    });
    expect(head.headers.get('content-range')).toBe('0-3/10');
  });

  it("cuts a set-returning function's answer at 4, and leaves a scalar alone", async () => {
    const set = await get('rpc/numbers_up_to?top=9');
    expect(await set.json()).toEqual([1, 2, 3, 4]);
    const scalar = await get('rpc/number_count');
    expect(await scalar.json()).toBe(10);
  });

  it('refuses a max_rows below 1', async () => {
    await expect(createRestApi({ db, jwtSecret: secret, maxRows: 0 })).rejects.toThrow(
      'max_rows must be at least 1',
    );
  });

  it('answers every row a write wrote, as PostgREST 10 and later do', async () => {
    const response = await fetch(`${base}/numbers?select=n`, {
      method: 'POST',
      headers: {
        apikey: key,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify([11, 12, 13, 14, 15, 16].map((n) => ({ n }))),
    });
    expect(response.status).toBe(201);
    expect(await numbers(response)).toEqual([11, 12, 13, 14, 15, 16]);
  });
});
