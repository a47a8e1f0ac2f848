// Builds the one statement a request runs. Identifiers come from the catalog and are always
// quoted; every value from the request is a bound parameter. The JSON answer is made by
// PostgreSQL itself (json_agg), so timestamps and numbers read exactly as PostgREST returns them.
// Long because each verb (select, insert, update, delete, upsert, rpc) writes its statement here
// with the same quoting, parameters and JSON answer, so that none of them can drift from the rest.
import { findColumn, type Table } from './catalog.ts';
import { RestError, whereRequired } from './errors.ts';
import type { MediaType, Preferences } from './headers.ts';
import {
  ftsOperators,
  simpleOperators,
  type Field,
  type Filter,
  type LogicTree,
  type OrderTerm,
  type QueryParams,
  type SelectItem,
} from './parse.ts';
import type { Payload } from './payload.ts';

export interface Statement {
  text: string;
  values: unknown[];
}

/** The row the statement returns: counts and the JSON body, all as text. */
export interface ResultRow {
  page_total: string;
  body: string | null;
  total: string | null;
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function relation(table: Table): string {
  return `${ident(table.schema)}.${ident(table.name)}`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** What every builder needs: the table, the name its columns are qualified with, the parameters. */
interface Scope {
  table: Table;
  qualifier: string;
  params: Params;
}

function fieldSql(scope: Scope, field: Field): string {
  findColumn(scope.table, field.name);
  let sql = `${ident(scope.qualifier)}.${ident(field.name)}`;
  for (const step of field.path) {
    sql +=
      'key' in step
        ? `${step.arrow}${scope.params.add(step.key)}::text`
        : `${step.arrow}(${step.index})`;
  }
  return sql;
}

/** A PostgreSQL array literal of text elements, every one quoted: `{"1","a,b"}`. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

const likeOperators = new Set(['like', 'ilike']);

function filterSql(scope: Scope, filter: Filter): string {
  const column = fieldSql(scope, filter.field);
  const op = filter.operation;
  const p = (value: string) => scope.params.add(value);
  let sql: string;
  switch (op.kind) {
    case 'simple': {
      // PostgREST lets `*` stand for `%` in like patterns: `%` is awkward in URLs.
      const value = likeOperators.has(op.operator) ? op.value.replaceAll('*', '%') : op.value;
      sql = `${column} ${simpleOperators[op.operator]} ${p(value)}`;
      break;
    }
    case 'quantified': {
      const value = likeOperators.has(op.operator) ? op.value.replaceAll('*', '%') : op.value;
      sql = `${column} ${simpleOperators[op.operator]} ${op.quantifier}(${p(value)})`;
      break;
    }
    case 'in':
      sql = `${column} = any(${p(arrayLiteral(op.values))})`;
      break;
    case 'is':
      sql = `${column} is ${op.value === 'not_null' ? 'not null' : op.value}`;
      break;
    case 'isdistinct':
      sql = `${column} is distinct from ${p(op.value)}`;
      break;
    case 'fts':
      sql = `${column} @@ ${ftsOperators[op.operator]}(${op.language ? `${p(op.language)}, ` : ''}${p(op.value)})`;
      break;
  }
  return filter.negated ? `not (${sql})` : sql;
}

function logicSql(scope: Scope, tree: LogicTree): string {
  if (tree.kind === 'filter') return filterSql(scope, tree.filter);
  const inner = tree.children.map((child) => logicSql(scope, child)).join(` ${tree.operator} `);
  return tree.negated ? `not (${inner})` : `(${inner})`;
}

function conditions(scope: Scope, query: QueryParams): string[] {
  return [
    ...query.filters.map((f) => filterSql(scope, f)),
    ...query.logic.map((tree) => logicSql(scope, tree)),
  ];
}

function whereSql(parts: string[]): string {
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

function orderSql(scope: Scope, order: OrderTerm[]): string {
  if (!order.length) return '';
  const terms = order.map((term) => {
    let sql = fieldSql(scope, term.field);
    if (term.direction) sql += ` ${term.direction}`;
    if (term.nulls) sql += ` nulls ${term.nulls}`;
    return sql;
  });
  return ` order by ${terms.join(', ')}`;
}

/** The output name PostgREST gives a JSON path: its last key, else the column's name. */
function defaultAlias(field: Field): string {
  for (let i = field.path.length - 1; i >= 0; i--) {
    const step = field.path[i]!;
    if ('key' in step) return step.key;
  }
  return field.name;
}

function projectionSql(scope: Scope, select: SelectItem[]): string {
  return select
    .map((item) => {
      if (item.kind === 'star') return `${ident(scope.qualifier)}.*`;
      if (item.alias?.includes('\0'))
        throw new RestError(400, { code: 'PGRST100', message: 'Invalid alias' });
      let sql = fieldSql(scope, item.field);
      if (item.cast) sql = `cast(${sql} as ${item.cast})`;
      return `${sql} as ${ident(item.alias ?? defaultAlias(item.field))}`;
    })
    .join(', ');
}

/** The columns a write must return for `select`: all of them for `*`. */
function returningSql(table: Table, select: SelectItem[]): string {
  if (select.some((item) => item.kind === 'star')) return `${ident(table.name)}.*`;
  const names = new Set(select.map((item) => (item.kind === 'field' ? item.field.name : '')));
  return [...names]
    .map((name) => `${ident(table.name)}.${ident(findColumn(table, name).name)}`)
    .join(', ');
}

function aggregateSql(media: MediaType): string {
  const row = media.stripNulls ? 'json_strip_nulls(to_json(pgrst_t))' : 'pgrst_t';
  return media.shape === 'object'
    ? `coalesce((json_agg(${row})->0)::text, 'null')`
    : `coalesce(json_agg(${row}), '[]')::text`;
}

export interface ReadOptions {
  media: MediaType;
  count: boolean;
  offset: number;
  limit?: number;
}

/** GET and HEAD. */
export function readStatement(table: Table, query: QueryParams, options: ReadOptions): Statement {
  const params = new Params();
  const scope: Scope = { table, qualifier: table.name, params };
  const projection = projectionSql(scope, query.select);
  const where = whereSql(conditions(scope, query));
  const order = orderSql(scope, query.order);
  const limit = options.limit === undefined ? '' : ` limit ${options.limit}`;
  const offset = options.offset ? ` offset ${options.offset}` : '';
  const total = options.count ? `(select count(*) from ${relation(table)}${where})::text` : 'null';
  const text =
    `select count(*)::text as page_total, ${aggregateSql(options.media)} as body, ${total} as total` +
    ` from (select ${projection} from ${relation(table)}${where}${order}${limit}${offset}) pgrst_t`;
  return { text, values: params.values };
}

export interface WriteOptions {
  media: MediaType;
  prefs: Preferences;
}

/** The final SELECT over the written rows (pgrst_source): the count, and the body when asked for. */
function finishWrite(
  table: Table,
  query: QueryParams,
  options: WriteOptions,
  params: Params,
): string {
  if (options.prefs.return !== 'representation') {
    return `select count(*)::text as page_total, null as body, null as total from pgrst_source`;
  }
  const scope: Scope = { table, qualifier: 'pgrst_source', params };
  return (
    `select count(*)::text as page_total, ${aggregateSql(options.media)} as body, null as total` +
    ` from (select ${projectionSql(scope, query.select)} from pgrst_source) pgrst_t`
  );
}

function returning(table: Table, query: QueryParams, options: WriteOptions): string {
  return options.prefs.return === 'representation' ? returningSql(table, query.select) : '1';
}

/** The rows of the body as records of the table's type; with missing=default, absent keys take defaults. */
function bodyRowsSql(
  table: Table,
  payload: Payload,
  options: WriteOptions,
  params: Params,
): string {
  const json = params.add(payload.json);
  const uniform = `(select case when json_typeof(j) = 'array' then j else json_build_array(j) end from (select ${json}::json as j) pgrst_payload)`;
  const withDefaults = payload.columns.filter(
    (name) => table.columns.get(name)?.defaultSql !== undefined,
  );
  if (options.prefs.missing !== 'default' || withDefaults.length === 0) {
    return `select * from json_populate_recordset(null::${relation(table)}, ${uniform})`;
  }
  // As PostgREST does: each object is laid over an object of the columns' defaults.
  const defaults = withDefaults
    .map((name) => `${params.add(name)}::text, ${table.columns.get(name)!.defaultSql}`)
    .join(', ');
  const merged = `(select coalesce(json_agg(jsonb_build_object(${defaults}) || elem), '[]'::json) from jsonb_array_elements(${uniform}::jsonb) elem)`;
  return `select * from json_populate_recordset(null::${relation(table)}, ${merged})`;
}

/** POST: insert (or upsert with Prefer: resolution=…). */
export function insertStatement(
  table: Table,
  query: QueryParams,
  payload: Payload,
  options: WriteOptions,
): Statement {
  const params = new Params();
  const columns = payload.columns.map(ident).join(', ');
  let conflict = '';
  if (options.prefs.resolution) {
    const target = (query.onConflict ?? table.primaryKey).map((name) =>
      ident(findColumn(table, name).name),
    );
    const updates = payload.columns.map((name) => `${ident(name)} = excluded.${ident(name)}`);
    const action =
      options.prefs.resolution === 'merge-duplicates' && updates.length
        ? `do update set ${updates.join(', ')}`
        : 'do nothing';
    conflict = ` on conflict${target.length ? ` (${target.join(', ')})` : ''} ${action}`;
  }
  const rows = bodyRowsSql(table, payload, options, params);
  const text =
    `with pgrst_body as (${rows}),` +
    ` pgrst_source as (insert into ${relation(table)}${columns ? ` (${columns})` : ''}` +
    ` select ${columns} from pgrst_body${conflict} returning ${returning(table, query, options)}) ` +
    finishWrite(table, query, options, params);
  return { text, values: params.values };
}

/** The WHERE of an update or delete; with limit/offset, the rows are picked by ctid as PostgREST does. */
function writeWhere(command: 'UPDATE' | 'DELETE', scope: Scope, query: QueryParams): string {
  const parts = conditions(scope, query);
  if (query.limit === undefined && query.offset === undefined) {
    if (!parts.length) throw whereRequired(command);
    return whereSql(parts);
  }
  if (scope.table.kind !== 'r') {
    throw new RestError(400, {
      code: '0A000',
      message: 'limit and offset on an update or delete are only supported on tables',
    });
  }
  const self = ident(scope.table.name);
  const limit = query.limit === undefined ? '' : ` limit ${query.limit}`;
  const offset = query.offset ? ` offset ${query.offset}` : '';
  return (
    ` where ${self}.ctid = any(array(select ${self}.ctid from ${relation(scope.table)}` +
    `${whereSql(parts)}${orderSql(scope, query.order)}${limit}${offset}))`
  );
}

/** PATCH. */
export function updateStatement(
  table: Table,
  query: QueryParams,
  payload: Payload,
  options: WriteOptions,
): Statement {
  const params = new Params();
  const scope: Scope = { table, qualifier: table.name, params };
  if (!payload.columns.length) {
    // Nothing to set: like PostgREST, select no rows (the filters are still checked).
    conditions({ ...scope, params: new Params() }, query);
    const text =
      `with pgrst_source as (select ${returning(table, query, options)} from ${relation(table)} where false) ` +
      finishWrite(table, query, options, params);
    return { text, values: params.values };
  }
  const json = params.add(payload.json);
  const assignments = payload.columns.map((name) =>
    options.prefs.missing === 'default' && !payload.firstKeys.has(name)
      ? `${ident(name)} = default`
      : `${ident(name)} = pgrst_body.${ident(name)}`,
  );
  const where = writeWhere('UPDATE', scope, query);
  const text =
    `with pgrst_body as (select * from json_populate_record(null::${relation(table)},` +
    ` (select case when json_typeof(j) = 'array' then j->0 else j end from (select ${json}::json as j) pgrst_payload))),` +
    ` pgrst_source as (update ${relation(table)} set ${assignments.join(', ')} from pgrst_body${where}` +
    ` returning ${returning(table, query, options)}) ` +
    finishWrite(table, query, options, params);
  return { text, values: params.values };
}

/** DELETE. */
export function deleteStatement(
  table: Table,
  query: QueryParams,
  options: WriteOptions,
): Statement {
  const params = new Params();
  const scope: Scope = { table, qualifier: table.name, params };
  const where = writeWhere('DELETE', scope, query);
  const text =
    `with pgrst_source as (delete from ${relation(table)}${where} returning ${returning(table, query, options)}) ` +
    finishWrite(table, query, options, params);
  return { text, values: params.values };
}
