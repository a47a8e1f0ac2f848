// The data API at the network, for unit tests of screens that read and write through supabase-js:
// a real supabase-js client whose fetch is answered from in-memory tables, as PostgREST would
// answer the same requests (filters, or-trees, order, offset and limit, exact counts, HEAD, single
// objects, PATCH, DELETE and rpc), each read cut at hosted Supabase's max-rows. Tests then assert what the screen shows, not which builder
// methods were called; `failWith` makes chosen requests fail as the server would. It covers the
// grammar the app's data modules use, not the whole of PostgREST.
// Long because it is one small PostgREST: the filter grammar, ordering, ranges and the answers'
// shapes belong together.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '~/data/database.types.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';

type Row = Record<string, unknown>;

/** One request as it reached the fake, for a test that needs to see what was asked. */
export interface DataApiRequest {
  method: string;
  /** The table, or `rpc/<name>` for a function. */
  path: string;
  params: URLSearchParams;
  body: unknown;
}

export interface FakeDataApi {
  client: AppSupabaseClient;
  /** The rows, which writes change; a test may change them too. */
  tables: Record<string, Row[]>;
  requests: DataApiRequest[];
  /** Answer the requests `when` picks with this HTTP status and PostgREST error. */
  failWith(when: (request: DataApiRequest) => boolean, status?: number): void;
  /**
   * Hold the answers to the requests `when` picks until the returned function is called; each
   * answer is what the tables held when it was asked, as a slow network would deliver it.
   */
  hold(when: (request: DataApiRequest) => boolean): () => void;
}

/** A PostgREST value of a filter or a logic tree: `"quoted"` with backslash escapes, or bare. */
function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;
}

/** A LIKE pattern (PostgREST's `*` as `%`) as a regular expression. */
function likeRegex(pattern: string, flags: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === '\\' && i + 1 < pattern.length) {
      source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (character === '%' || character === '*') source += '.*';
    else if (character === '_') source += '.';
    else source += character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, flags);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Whether a row passes `operator.value` on one column (`not.` negates). */
function matches(row: Row, column: string, condition: string): boolean {
  if (condition.startsWith('not.')) return !matches(row, column, condition.slice(4));
  const dot = condition.indexOf('.');
  const operator = condition.slice(0, dot);
  const raw = condition.slice(dot + 1);
  const value = row[column];
  switch (operator) {
    case 'eq':
      return value !== null && String(value) === unquote(raw);
    case 'neq':
      return value !== null && String(value) !== unquote(raw);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (value === null || value === undefined) return false;
      const order = compare(value, unquote(raw));
      return { gt: order > 0, gte: order >= 0, lt: order < 0, lte: order <= 0 }[operator];
    }
    case 'is':
      return raw === 'null' ? value === null || value === undefined : String(value) === raw;
    case 'in':
      return splitList(raw.slice(1, -1)).map(unquote).includes(String(value));
    case 'like':
    case 'ilike':
      return (
        typeof value === 'string' &&
        likeRegex(unquote(raw), operator === 'ilike' ? 'is' : 's').test(value)
      );
    case 'match':
    case 'imatch':
      return (
        typeof value === 'string' &&
        new RegExp(unquote(raw), operator === 'imatch' ? 'i' : '').test(value)
      );
    default:
      throw new Error(`The fake data API does not know the operator "${operator}".`);
  }
}

/** Splits `a,b,"c,d"` at the commas outside quotes and parentheses. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    if (quoted && character === '\\') {
      current += character + (text[++i] ?? '');
      continue;
    }
    if (character === '"') quoted = !quoted;
    if (!quoted && character === '(') depth++;
    if (!quoted && character === ')') depth--;
    if (!quoted && depth === 0 && character === ',') {
      parts.push(current);
      current = '';
    } else current += character;
  }
  if (current) parts.push(current);
  return parts;
}

/** Whether a row passes `column.operator.value` inside an or/and tree. */
function matchesTerm(row: Row, term: string): boolean {
  const tree = /^(or|and)\((.*)\)$/.exec(term);
  if (tree) return matchesTree(row, tree[1] as 'or' | 'and', tree[2]!);
  const dot = term.indexOf('.');
  return matches(row, term.slice(0, dot), term.slice(dot + 1));
}

function matchesTree(row: Row, kind: 'or' | 'and', inner: string): boolean {
  const terms = splitList(inner);
  return kind === 'or'
    ? terms.some((term) => matchesTerm(row, term))
    : terms.every((term) => matchesTerm(row, term));
}

const RESERVED = new Set(['select', 'order', 'offset', 'limit', 'columns', 'on_conflict']);

function filtered(rows: Row[], params: URLSearchParams): Row[] {
  return rows.filter((row) =>
    [...params].every(([key, value]) => {
      if (RESERVED.has(key)) return true;
      if (key === 'or' || key === 'and') return matchesTree(row, key, value.slice(1, -1));
      return matches(row, key, value);
    }),
  );
}

function ordered(rows: Row[], order: string | null): Row[] {
  if (!order) return rows;
  const keys = splitList(order).map((part) => {
    const [column, direction = 'asc', nulls] = part.split('.');
    return {
      column: column!,
      descending: direction === 'desc',
      nullsFirst: nulls === 'nullsfirst',
    };
  });
  return [...rows].sort((a, b) => {
    for (const { column, descending, nullsFirst } of keys) {
      const [x, y] = [a[column] ?? null, b[column] ?? null];
      if (x === null || y === null) {
        if (x === y) continue;
        // PostgreSQL puts nulls last ascending and first descending, unless told.
        const nullFirst = nullsFirst || descending;
        return (x === null) === nullFirst ? -1 : 1;
      }
      const order = compare(x, y);
      if (order !== 0) return descending ? -order : order;
    }
    return 0;
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export interface FakeDataApiOptions {
  /** Functions by name, for rpc(). */
  rpc?: Record<string, (args: Row) => unknown>;
  /** Rows one read answers at most, as hosted Supabase's max-rows (1,000 by default). */
  maxRows?: number;
  /** What the database's triggers would do after a row of `table` changed (after is null: gone). */
  afterWrite?: (table: string, before: Row | null, after: Row | null) => void;
}

let clients = 0;

export function fakeDataApi(
  tables: Record<string, Row[]> = {},
  { rpc = {}, maxRows = 1000, afterWrite }: FakeDataApiOptions = {},
): FakeDataApi {
  const requests: DataApiRequest[] = [];
  const failures: Array<{ when: (request: DataApiRequest) => boolean; status: number }> = [];
  const holds: Array<{ when: (request: DataApiRequest) => boolean; released: Promise<void> }> = [];

  async function answer(url: URL, init: RequestInit | undefined): Promise<Response> {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = decodeURIComponent(url.pathname.replace(/^\/rest\/v1\//, ''));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: DataApiRequest = { method, path, params: url.searchParams, body };
    requests.push(request);
    const response = respond(request, url, init);
    for (const hold of holds) if (hold.when(request)) await hold.released;
    return response;
  }

  function respond(request: DataApiRequest, url: URL, init: RequestInit | undefined): Response {
    const { method, path, body } = request;
    const failure = failures.find(({ when }) => when(request));
    if (failure)
      return json(failure.status, { code: 'XX000', message: 'boom', details: null, hint: null });

    const headers = new Headers(init?.headers);
    if (path.startsWith('rpc/')) {
      const fn = rpc[path.slice(4)];
      if (!fn) return json(404, { code: 'PGRST202', message: `no function ${path.slice(4)}` });
      return json(200, fn((body ?? {}) as Row));
    }
    const table = (tables[path] ??= []);
    const matching = filtered(table, url.searchParams);
    const returnRows = headers.get('Prefer')?.includes('return=representation') ?? false;
    const single = headers.get('Accept') === 'application/vnd.pgrst.object+json';
    const answerRows = (rows: Row[], extra: Record<string, string> = {}) => {
      if (!single) return json(200, rows, extra);
      if (rows.length === 1) return json(200, rows[0], extra);
      return json(406, {
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: `The result contains ${rows.length} rows`,
        hint: null,
      });
    };
    if (method === 'PATCH') {
      for (const row of matching) {
        const before = { ...row };
        Object.assign(row, body);
        afterWrite?.(path, before, row);
      }
      return returnRows ? answerRows(matching) : new Response(null, { status: 204 });
    }
    if (method === 'DELETE') {
      for (const row of matching) {
        table.splice(table.indexOf(row), 1);
        afterWrite?.(path, row, null);
      }
      return returnRows ? answerRows(matching) : new Response(null, { status: 204 });
    }
    if (method === 'POST') {
      const inserted = [body].flat() as Row[];
      table.push(...inserted);
      for (const row of inserted) afterWrite?.(path, null, row);
      return returnRows ? answerRows(inserted) : new Response(null, { status: 201 });
    }
    const sorted = ordered(matching, url.searchParams.get('order'));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Math.min(
      maxRows,
      url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : Infinity,
    );
    const page = sorted.slice(offset, offset + limit);
    const counted = headers.get('Prefer')?.includes('count=exact') ?? false;
    const range = {
      'Content-Range': `${page.length ? `${offset}-${offset + page.length - 1}` : '*'}/${counted ? sorted.length : '*'}`,
    };
    if (method === 'HEAD') return new Response(null, { status: 200, headers: range });
    return answerRows(page, range);
  }

  const client = createClient<Database>('http://data-api.test', 'anon-key', {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      // One key per client: supabase-js warns of several clients sharing one in a page.
      storageKey: `fake-data-api-${++clients}`,
    },
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        answer(new URL(input instanceof Request ? input.url : String(input)), init),
    },
  });

  return {
    client,
    tables,
    requests,
    failWith: (when, status = 500) => void failures.push({ when, status }),
    hold(when) {
      let release!: () => void;
      holds.push({ when, released: new Promise<void>((resolve) => (release = resolve)) });
      return release;
    },
  };
}
