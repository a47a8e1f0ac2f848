// The query-string grammar of PostgREST (src/PostgREST/ApiRequest/QueryParams.hs), as a small
// recursive-descent parser. Errors carry PostgREST's shape: a message naming the parameter and the
// position, and details saying what was unexpected and what was expected.
// Long because the grammar's parts (select, filters, logic trees, order, ranges) call one another
// and share one cursor and one error shape, as PostgREST's own parser is one module.
import { parseError, RestError } from './errors.ts';

export type JsonArrow = '->' | '->>';
export type JsonStep = { arrow: JsonArrow; key: string } | { arrow: JsonArrow; index: number };

/** A column, possibly followed by JSON operators: `data->a->>b`. */
export interface Field {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  { kind: 'star' } | { kind: 'field'; field: Field; alias?: string; cast?: string };

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export const simpleOperators = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
export type SimpleOperator = keyof typeof simpleOperators;

/** Operators that take `(any)` or `(all)` with a PostgreSQL array literal: `like(any).{a*,b*}`. */
const quantifiableOperators = new Set<SimpleOperator>([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);

export const ftsOperators = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof ftsOperators;

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; value: string }
  | { kind: 'quantified'; operator: SimpleOperator; quantifier: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'logic'; negated: boolean; operator: 'and' | 'or'; children: LogicTree[] };

/** Thrown inside the parser; turned into PGRST100 with the parameter's label. */
class Failure {
  readonly pos: number;
  readonly details: string;
  constructor(pos: number, details: string) {
    this.pos = pos;
    this.details = details;
  }
}

const identifierChar = /[\p{L}0-9_ $]/u;

class Cursor {
  readonly input: string;
  pos = 0;
  constructor(input: string) {
    this.input = input;
  }
  get eof(): boolean {
    return this.pos >= this.input.length;
  }
  peek(): string {
    return this.input[this.pos] ?? '';
  }
  at(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }
  take(text: string): boolean {
    if (!this.at(text)) return false;
    this.pos += text.length;
    return true;
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  /** Fails here, PostgREST-style: `unexpected "x" expecting a, b or c`. */
  fail(expecting: string[], pos = this.pos): never {
    const found = pos >= this.input.length ? 'end of input' : `"${this.input[pos]}"`;
    throw new Failure(
      pos,
      `unexpected ${found}${expecting.length ? ` expecting ${joinOr(expecting)}` : ''}`,
    );
  }
  failWith(details: string, pos = this.pos): never {
    throw new Failure(pos, details);
  }
}

function joinOr(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function run<T>(label: string, input: string, parse: (c: Cursor) => T, shown = input): T {
  const c = new Cursor(input);
  try {
    return parse(c);
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const before = input.slice(0, error.pos);
    const line = before.split('\n').length;
    const column = error.pos - before.lastIndexOf('\n');
    throw parseError(
      `"failed to parse ${label} (${shown})" (line ${line}, column ${column})`,
      error.details,
    );
  }
}

function expectEnd(c: Cursor, expecting: string[]): void {
  if (!c.eof) c.fail([...expecting, 'end of input']);
}

// ---------------------------------------------------------------------------------------------
// Names and fields

/** `"a \"quoted\" name"`: backslash escapes any character. */
function quotedValue(c: Cursor): string {
  c.take('"');
  let out = '';
  for (;;) {
    if (c.eof) c.fail(['"\\""']);
    const ch = c.peek();
    c.pos++;
    if (ch === '"') return out;
    if (ch === '\\') {
      if (c.eof) c.fail(['any character']);
      out += c.peek();
      c.pos++;
    } else out += ch;
  }
}

function identifier(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.eof && identifierChar.test(c.peek())) c.pos++;
  return c.pos > start ? c.input.slice(start, c.pos).trim() : undefined;
}

/** A quoted name, or identifier characters joined by dashes (a dash not starting `->`). */
function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quotedValue(c);
  const first = identifier(c);
  if (first === undefined) c.fail(['field name (* or [a..z0..9_$])']);
  const parts = [first];
  while (c.at('-') && !c.at('->')) {
    c.pos++;
    const next = identifier(c);
    if (next === undefined) c.fail(['letter', 'digit']);
    parts.push(next);
  }
  return parts.join('-');
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow: JsonArrow | undefined = c.take('->>') ? '->>' : c.take('->') ? '->' : undefined;
    if (!arrow) return steps;
    const start = c.pos;
    const index = /^-?[0-9]+/.exec(c.input.slice(c.pos))?.[0];
    if (index !== undefined) {
      c.pos += index.length;
      if (c.eof || c.at('->') || c.at('::') || c.at('.') || c.at(',')) {
        steps.push({ arrow, index: Number(index) });
        continue;
      }
      c.pos = start;
    }
    steps.push({ arrow, key: fieldName(c) });
  }
}

function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.skipSpaces();
  return { name, path };
}

function embeddingUnsupported(c: Cursor, name: string): never {
  c.failWith(
    `embedded resources are not supported by this server: "${name}" (select the table's own columns)`,
  );
}

// ---------------------------------------------------------------------------------------------
// select=

function selectItem(c: Cursor): SelectItem {
  c.skipSpaces();
  if (c.at('..')) {
    c.pos += c.at('...') ? 3 : 2;
    embeddingUnsupported(c, fieldName(c));
  }
  let item: SelectItem;
  if (c.take('*')) {
    item = { kind: 'star' };
    c.skipSpaces();
  } else {
    const start = c.pos;
    let alias: string | undefined;
    const name = fieldName(c);
    if (c.at(':') && !c.at('::')) {
      c.pos++;
      alias = name;
    } else c.pos = start;
    const f = field(c);
    if (c.at('(') || c.at('!')) embeddingUnsupported(c, f.name);
    let cast: string | undefined;
    if (c.take('::')) {
      const castStart = c.pos;
      while (!c.eof && /[\p{L}0-9_ ]/u.test(c.peek())) c.pos++;
      cast = c.input.slice(castStart, c.pos).trim();
      if (!cast) c.fail(['letter or digit']);
      c.skipSpaces();
    }
    item = {
      kind: 'field',
      field: f,
      ...(alias === undefined ? {} : { alias }),
      ...(cast ? { cast } : {}),
    };
  }
  if (!c.eof && c.peek() !== ',') c.fail(item.kind === 'star' ? ['","'] : ['"->"', '"::"', '","']);
  return item;
}

/** `select=id,title:name,data->>key,created_at::text,*` */
export function parseSelect(input: string): SelectItem[] {
  return run('select parameter', input, (c) => {
    const items = [selectItem(c)];
    while (c.take(',')) items.push(selectItem(c));
    expectEnd(c, ['","']);
    return items;
  });
}

// ---------------------------------------------------------------------------------------------
// order=

function orderTerm(c: Cursor): OrderTerm {
  const term: OrderTerm = { field: field(c) };
  if (c.at('(')) embeddingUnsupported(c, term.field.name);
  while (c.at('.')) {
    c.pos++;
    const start = c.pos;
    const word = /^[a-z]*/.exec(c.input.slice(c.pos))?.[0] ?? '';
    if (!term.direction && !term.nulls && (word === 'asc' || word === 'desc'))
      term.direction = word;
    else if (!term.nulls && (word === 'nullsfirst' || word === 'nullslast'))
      term.nulls = word === 'nullsfirst' ? 'first' : 'last';
    else
      c.fail(
        term.direction || term.nulls
          ? term.nulls
            ? []
            : ['"nullsfirst"', '"nullslast"']
          : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'],
        start,
      );
    c.pos += word.length;
  }
  c.skipSpaces();
  if (!c.eof && c.peek() !== ',') c.fail(term.nulls ? ['","'] : ['delimiter (.)', '","']);
  return term;
}

/** `order=published_date.desc.nullslast,id` */
export function parseOrder(input: string): OrderTerm[] {
  return run('order', input, (c) => {
    const terms = [orderTerm(c)];
    while (c.take(',')) terms.push(orderTerm(c));
    expectEnd(c, ['","']);
    return terms;
  });
}

// ---------------------------------------------------------------------------------------------
// Filters: `eq.5`, `not.in.(1,"a,b")`, `is.null`, `like(any).{a*,b*}`, `fts(english).cat`

/** `(a,"b,c",d)`: items with `,()` are double-quoted by the client. */
function listValue(c: Cursor): string[] {
  c.skipSpaces();
  if (!c.take('(')) c.fail(['"("']);
  c.skipSpaces();
  const items: string[] = [];
  for (;;) {
    const start = c.pos;
    let item: string | undefined;
    if (c.peek() === '"') {
      const quoted = quotedValue(c);
      if (c.eof || c.peek() === ',' || c.peek() === ')') item = quoted;
      else c.pos = start;
    }
    if (item === undefined) {
      while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      item = c.input.slice(start, c.pos);
    }
    items.push(item);
    if (!c.take(',')) break;
  }
  if (!c.take(')')) c.fail(['","', '")"']);
  c.skipSpaces();
  // `in.()` is the empty list, as in PostgREST.
  return items.length === 1 && items[0] === '' ? [] : items;
}

/** A value inside or=(…): a quoted string, a `{…}` array literal, or text up to `,` or `)`. */
function logicValue(c: Cursor): string {
  const start = c.pos;
  if (c.peek() === '"') {
    const quoted = quotedValue(c);
    if (c.eof || c.peek() === ',' || c.peek() === ')') return quoted;
    c.pos = start;
  }
  if (c.peek() === '{') {
    const close = c.input.indexOf('}', c.pos);
    const inner = close < 0 ? '' : c.input.slice(c.pos + 1, close);
    if (close >= 0 && !inner.includes('{')) {
      c.pos = close + 1;
      return c.input.slice(start, c.pos);
    }
  }
  while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.input.slice(start, c.pos);
}

function isValue(c: Cursor): IsValue {
  for (const value of ['null', 'not_null', 'unknown', 'true', 'false'] as const) {
    if (c.input.slice(c.pos, c.pos + value.length).toLowerCase() === value) {
      const after = c.input[c.pos + value.length];
      if (after === undefined || after === ',' || after === ')') {
        c.pos += value.length;
        return value;
      }
    }
  }
  c.fail(['null or trilean value (unknown, true, false)']);
}

/** `[not.]<operator>.<value>`; `inLogic` when inside or=(…), where values end at `,` or `)`. */
function operation(c: Cursor, inLogic: boolean): { negated: boolean; operation: Operation } {
  const negated = c.take('not.');
  const value = () => (inLogic ? logicValue(c) : c.input.slice(c.pos, (c.pos = c.input.length)));
  if (c.take('in.')) return { negated, operation: { kind: 'in', values: listValue(c) } };
  if (c.take('is.')) return { negated, operation: { kind: 'is', value: isValue(c) } };
  if (c.take('isdistinct.')) return { negated, operation: { kind: 'isdistinct', value: value() } };
  const dot = c.input.indexOf('.', c.pos);
  if (dot < 0) c.fail(negated ? ['operator (eq, gt, ...)'] : ['"not"', 'operator (eq, gt, ...)']);
  const word = c.input.slice(c.pos, dot);
  c.pos = dot + 1;
  const fts = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}0-9_ $]+)\))?$/u.exec(word);
  if (fts) {
    const language = fts[2]?.trim();
    return {
      negated,
      operation: {
        kind: 'fts',
        operator: fts[1] as FtsOperator,
        ...(language ? { language } : {}),
        value: value(),
      },
    };
  }
  const quantified = /^([a-z]+)\((any|all)\)$/.exec(word);
  if (quantified && quantifiableOperators.has(quantified[1] as SimpleOperator)) {
    const operator = quantified[1] as SimpleOperator;
    return {
      negated,
      operation: {
        kind: 'quantified',
        operator,
        quantifier: quantified[2] as 'any' | 'all',
        value: value(),
      },
    };
  }
  if (!Object.hasOwn(simpleOperators, word)) c.failWith(`unknown single value operator ${word}`);
  return {
    negated,
    operation: { kind: 'simple', operator: word as SimpleOperator, value: value() },
  };
}

/** The value of a filter parameter: `col=<this>`. */
export function parseFilterValue(input: string): { negated: boolean; operation: Operation } {
  return run('filter', input, (c) => {
    const result = operation(c, false);
    expectEnd(c, []);
    return result;
  });
}

function logicTree(c: Cursor): LogicTree {
  c.skipSpaces();
  const negated = c.at('not.and(') || c.at('not.or(');
  if (negated) c.pos += 4;
  const operator = c.take('and') ? 'and' : c.take('or') ? 'or' : undefined;
  if (operator && c.at('(')) {
    c.pos++;
    const children = [logicTree(c)];
    while (c.take(',')) children.push(logicTree(c));
    if (!c.take(')')) c.fail(['","', '")"']);
    c.skipSpaces();
    return { kind: 'logic', negated, operator, children };
  }
  if (operator) c.pos -= operator.length;
  const f = field(c);
  if (!c.take('.')) c.fail(['delimiter (.)']);
  const { negated: not, operation: op } = operation(c, true);
  c.skipSpaces();
  return { kind: 'filter', filter: { field: f, negated: not, operation: op } };
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`; `operator` is the key: `or`, `and`, `not.or`, `not.and`. */
export function parseLogic(operator: string, input: string): LogicTree {
  // As PostgREST does, the key's operator is put before the value and the whole is parsed.
  return run(
    'logic tree',
    `${operator}${input}`,
    (c: Cursor) => {
      // The value must be a parenthesised list: `or=a.eq.1` is not a filter on a column "ora".
      if (c.input[operator.length] !== '(') c.fail(['"("'], operator.length);
      const tree = logicTree(c);
      expectEnd(c, []);
      return tree;
    },
    input,
  );
}

/** `columns="a","b"` and `on_conflict=a,b`. */
export function parseColumns(label: string, input: string): string[] {
  return run(`${label} parameter`, input, (c) => {
    const names: string[] = [];
    do {
      c.skipSpaces();
      names.push(fieldName(c));
      c.skipSpaces();
    } while (c.take(','));
    expectEnd(c, ['","']);
    return names;
  });
}

/** A filter's key: a column with optional JSON path; `rel.col` (an embedded resource) is refused. */
export function parseFilterKey(key: string): Field {
  const path = run('tree path', key, (c) => {
    const names = [fieldName(c)];
    while (c.take('.')) names.push(fieldName(c));
    const json = jsonPath(c);
    expectEnd(c, ['delimiter (.)', '"->"']);
    return { names, json };
  });
  if (path.names.length > 1) throw notEmbedded(path.names[0]!);
  return { name: path.names[0]!, path: path.json };
}

export function notEmbedded(name: string): RestError {
  return new RestError(400, {
    code: 'PGRST108',
    message: `'${name}' is not an embedded resource in this request`,
    hint: `Verify that '${name}' is included in the 'select' query parameter.`,
  });
}

function parseCount(label: string, input: string): number {
  return run(`${label} parameter`, input, (c: Cursor) => {
    const digits = /^[0-9]+/.exec(input)?.[0];
    if (!digits) c.fail(['digit']);
    c.pos = digits.length;
    expectEnd(c, ['digit']);
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) c.failWith('number too large', 0);
    return value;
  });
}

// ---------------------------------------------------------------------------------------------
// The whole query string

export interface QueryParams {
  select: SelectItem[];
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  columns?: string[];
  onConflict?: string[];
}

const reserved = new Set(['select', 'columns', 'on_conflict']);
const reservedLast = new Set(['order', 'limit', 'offset', 'and', 'or']);

/**
 * Splits the query string as PostgREST does. Unlike PostgREST, a parameter whose value is not an
 * operator expression is an error rather than silently ignored: a mistyped filter must never turn
 * into "every row".
 */
export function parseQuery(params: URLSearchParams): QueryParams {
  const first = (name: string) => params.get(name) ?? undefined;
  const query: QueryParams = {
    select: parseSelect(first('select') ?? '*'),
    filters: [],
    logic: [],
    order: [],
  };
  const columns = first('columns');
  if (columns !== undefined) query.columns = parseColumns('columns', columns);
  const onConflict = first('on_conflict');
  if (onConflict !== undefined) query.onConflict = parseColumns('on_conflict', onConflict);

  for (const [key, value] of params) {
    if (reserved.has(key)) continue;
    const segments = key.split('.');
    const last = segments.at(-1)!;
    if (reservedLast.has(last)) {
      const prefix = segments.slice(0, -1).filter((s) => s !== 'not');
      const negated = segments.length > 1 && segments.slice(0, -1).includes('not');
      if (prefix.length > 0) throw notEmbedded(prefix[0]!);
      if ((last === 'limit' || last === 'offset' || last === 'order') && negated)
        throw notEmbedded('not');
      if (last === 'order') query.order.push(...parseOrder(value));
      else if (last === 'limit') query.limit = parseCount('limit', value);
      else if (last === 'offset') query.offset = parseCount('offset', value);
      else query.logic.push(parseLogic(negated ? `not.${last}` : last, value));
      continue;
    }
    const f = parseFilterKey(key);
    const { negated, operation: op } = parseFilterValue(value);
    query.filters.push({ field: f, negated, operation: op });
  }
  return query;
}
