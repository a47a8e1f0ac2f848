// Functions called through /rest/v1/rpc/<name>, as PostgREST serves them to supabase-js's rpc():
// named arguments from the JSON body (POST) or the query string (GET), the call in the request's
// transaction under the caller's role, so EXECUTE grants and the function's own checks decide.
// A subset: functions whose parameters are all IN (no OUT, INOUT or VARIADIC), called with named
// arguments; a set or a row comes back as a JSON array, a scalar as its JSON value, void as 204.
// Filtering or shaping a function's result (select, eq, order on rpc) is refused with a clear error.
// A set is cut at max_rows, as PostgREST cuts every read.
import type { Queryable } from '../db/types.ts';
import { invalidBody, RestError } from './errors.ts';
import { closestName } from './fuzzy.ts';
import { arrayLiteral, ident } from './sql.ts';
import type { InTransaction } from './transaction.ts';
import type { Outcome } from './operations.ts';

export interface DbFunction {
  name: string;
  /** The IN parameters, in order: name and format_type(). */
  parameters: Array<{ name: string; type: string }>;
  /** How many of the last parameters have defaults. */
  defaults: number;
  returnsSet: boolean;
  /** pg_type.typtype of the result: b base, c composite, d domain, e enum, p pseudo (void, record). */
  returnKind: string;
  returnType: string;
}

interface FunctionRow {
  name: string;
  arg_names: string | null;
  arg_types: string;
  arg_modes: string | null;
  defaults: number | string;
  returns_set: boolean | string;
  return_kind: string;
  return_type: string;
}

const functionsSql = `
  select p.proname as name,
         array_to_json(p.proargnames)::text as arg_names,
         array_to_json(array(select format_type(t, null) from unnest(p.proargtypes) as t))::text
           as arg_types,
         array_to_json(p.proargmodes)::text as arg_modes,
         p.pronargdefaults as defaults,
         p.proretset as returns_set,
         t.typtype::text as return_kind,
         format_type(p.prorettype, null) as return_type
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
   where n.nspname = $1 and p.prokind = 'f'`;

const truthy = (value: boolean | string) => value === true || value === 't' || value === 'true';

/** The exposed schema's callable functions, by name (overloads side by side). */
export async function loadFunctions(
  db: Queryable,
  schema: string,
): Promise<Map<string, DbFunction[]>> {
  const { rows } = await db.query<FunctionRow>(functionsSql, [schema]);
  const functions = new Map<string, DbFunction[]>();
  for (const row of rows) {
    // Only IN parameters, each named: what a call with named arguments can reach.
    if (row.arg_modes !== null) continue;
    const types = JSON.parse(row.arg_types) as string[];
    const names = (row.arg_names === null ? [] : (JSON.parse(row.arg_names) as string[])).slice(
      0,
      types.length,
    );
    if (names.length !== types.length || names.some((name) => name === '')) continue;
    const fn: DbFunction = {
      name: row.name,
      parameters: names.map((name, index) => ({ name, type: types[index]! })),
      defaults: Number(row.defaults),
      returnsSet: truthy(row.returns_set),
      returnKind: row.return_kind,
      returnType: row.return_type,
    };
    functions.set(row.name, [...(functions.get(row.name) ?? []), fn]);
  }
  return functions;
}

/** The overload whose parameters the arguments name: every required one, nothing unknown. */
function chooseFunction(
  functions: Map<string, DbFunction[]>,
  schema: string,
  name: string,
  argumentNames: string[],
): DbFunction {
  const candidates = functions.get(name) ?? [];
  const match = candidates.find((fn) => {
    const known = new Set(fn.parameters.map((p) => p.name));
    const required = fn.parameters.slice(0, fn.parameters.length - fn.defaults);
    return (
      argumentNames.every((arg) => known.has(arg)) &&
      required.every((p) => argumentNames.includes(p.name))
    );
  });
  if (match) return match;
  const signature =
    argumentNames.length === 0
      ? `${schema}.${name} without parameters`
      : `${schema}.${name}(${[...argumentNames].sort().join(', ')})`;
  const suggestion = candidates.length === 0 ? closestName(name, functions.keys()) : undefined;
  throw new RestError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${signature} in the schema cache`,
    details:
      candidates.length > 0
        ? `Searched for the function ${schema}.${name} with parameters ${argumentNames.join(', ') || '(none)'}; it takes ${candidates.map((fn) => `(${fn.parameters.map((p) => p.name).join(', ')})`).join(' or ')}.`
        : null,
    hint:
      suggestion === undefined
        ? null
        : `Perhaps you meant to call the function ${schema}.${suggestion}`,
  });
}

/** A JSON argument as the text PostgreSQL casts to the parameter's type. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && type.endsWith('[]') && !/^jsonb?\[\]$/.test(type)) {
    return arrayLiteral(
      value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))),
    );
  }
  return JSON.stringify(value);
}

function argumentsFrom(
  method: string,
  params: URLSearchParams,
  body: string | undefined,
): Record<string, unknown> {
  if (method === 'GET' || method === 'HEAD') {
    const args: Record<string, string> = {};
    for (const [key, value] of params) args[key] = value;
    return args;
  }
  if (params.size > 0) {
    throw new RestError(400, {
      code: 'PGRST100',
      message: `This server does not filter or shape a function's result: remove ${[...params.keys()].join(', ')}`,
    });
  }
  if (body === undefined || body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw invalidBody();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalidBody('A function is called with a JSON object of named arguments');
  }
  return parsed as Record<string, unknown>;
}

export interface RpcRequest {
  schema: string;
  name: string;
  method: string;
  /** The query string without apikey. */
  params: URLSearchParams;
  body?: string;
}

/** Calls the function; GET and HEAD in a read-only transaction, as PostgREST does. */
export async function callFunction(
  functions: Map<string, DbFunction[]>,
  request: RpcRequest,
  inTransaction: InTransaction,
  maxRows?: number,
): Promise<Outcome> {
  const args = argumentsFrom(request.method, request.params, request.body);
  const fn = chooseFunction(functions, request.schema, request.name, Object.keys(args));
  const values: unknown[] = [];
  const named = fn.parameters
    .filter((p) => p.name in args)
    .map((p) => {
      values.push(argumentText(args[p.name], p.type));
      return `${ident(p.name)} => $${values.length}::${p.type}`;
    });
  const call = `${ident(request.schema)}.${ident(fn.name)}(${named.join(', ')})`;
  const rows = fn.returnsSet || fn.returnKind === 'c' || fn.returnType === 'record';
  const limit = fn.returnsSet && maxRows !== undefined ? ` limit ${maxRows}` : '';
  const text = rows
    ? `select coalesce(json_agg(pgrst_call.pgrst_row), '[]')::text as body from (select pgrst_row from ${call} as pgrst_row${limit}) pgrst_call`
    : `select to_json(${call})::text as body`;
  const readOnly = request.method === 'GET' || request.method === 'HEAD';
  const result = await inTransaction.statement<{ body: string | null }>(readOnly, text, values);
  const body = result.rows[0]?.body ?? 'null';
  if (fn.returnType === 'void') return { status: 204, headers: {} };
  // A function returning one row answers with that row, as PostgREST does for a composite type.
  const shaped =
    !fn.returnsSet && rows ? JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null) : body;
  return { status: 200, headers: {}, body: shaped, contentType: 'application/json; charset=utf-8' };
}
