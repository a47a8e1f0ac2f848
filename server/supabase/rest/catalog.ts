// The schema cache: tables, views and their columns in the exposed schema, and the roles the
// server's login may switch to. Read at start and on reloadSchema(); every identifier in a request
// is checked against it before any SQL is built.
import type { Queryable } from '../db/types.ts';
import { RestError, unknownColumn } from './errors.ts';
import { closestName } from './fuzzy.ts';

export interface Column {
  name: string;
  /** format_type() of the column, e.g. `timestamp with time zone`. */
  type: string;
  notNull: boolean;
  /** The default as SQL (pg_get_expr), or nextval() of an identity column's sequence. */
  defaultSql?: string;
}

export interface Table {
  schema: string;
  name: string;
  /** pg_class.relkind: r table, p partitioned table, v view, m materialized view, f foreign table. */
  kind: string;
  columns: Map<string, Column>;
  primaryKey: string[];
}

/** The roles a token may name: those granted to the server's login, and all that exist. */
export interface Roles {
  /** Roles granted to the server's login: the only ones a token may switch to. */
  assumableRoles: Set<string>;
  existingRoles: Set<string>;
}

export interface Catalog extends Roles {
  schema: string;
  tables: Map<string, Table>;
}

interface ColumnRow {
  table_name: string;
  kind: string;
  column_name: string | null;
  type: string | null;
  not_null: string | null;
  default_sql: string | null;
  pk_position: string | null;
}

const columnsSql = `
  select c.relname as table_name,
         c.relkind::text as kind,
         a.attname as column_name,
         format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null,
         case
           when a.attgenerated <> '' then null
           when d.adbin is not null then pg_get_expr(d.adbin, d.adrelid)
           when a.attidentity <> '' then
             format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
         end as default_sql,
         array_position(pk.conkey, a.attnum) as pk_position
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
   where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
   order by c.relname, a.attnum`;

const rolesSql = `
  select r.rolname as name,
         exists (
           select from pg_auth_members m
            where m.roleid = r.oid and m.member = (select oid from pg_roles where rolname = current_user)
         ) as assumable
    from pg_roles r`;

export async function loadCatalog(db: Queryable, schema: string): Promise<Catalog> {
  const columns = await db.query<ColumnRow>(columnsSql, [schema]);
  const tables = new Map<string, Table>();
  const keys = new Map<string, Array<[number, string]>>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { schema, name: row.table_name, kind: row.kind, columns: new Map(), primaryKey: [] };
      tables.set(row.table_name, table);
      keys.set(row.table_name, []);
    }
    if (row.column_name === null || row.type === null) continue;
    table.columns.set(row.column_name, {
      name: row.column_name,
      type: row.type,
      notNull: row.not_null === 't' || row.not_null === 'true',
      ...(row.default_sql === null ? {} : { defaultSql: row.default_sql }),
    });
    if (row.pk_position !== null)
      keys.get(row.table_name)!.push([Number(row.pk_position), row.column_name]);
  }
  for (const [name, table] of tables) {
    table.primaryKey = keys
      .get(name)!
      .sort((a, b) => a[0] - b[0])
      .map(([, column]) => column);
  }
  return { schema, tables, ...(await loadRoles(db)) };
}

export async function loadRoles(db: Queryable): Promise<Roles> {
  const roles = await db.query<{ name: string; assumable: string }>(rolesSql);
  return {
    assumableRoles: new Set(
      roles.rows.filter((r) => r.assumable === 't' || r.assumable === 'true').map((r) => r.name),
    ),
    existingRoles: new Set(roles.rows.map((r) => r.name)),
  };
}

export function findTable(catalog: Catalog, name: string): Table {
  const table = catalog.tables.get(name);
  if (table) return table;
  const suggestion = closestName(name, catalog.tables.keys());
  throw new RestError(404, {
    code: 'PGRST205',
    message: `Could not find the table '${catalog.schema}.${name}' in the schema cache`,
    hint:
      suggestion === undefined
        ? null
        : `Perhaps you meant the table '${catalog.schema}.${suggestion}'`,
  });
}

/** The column, or 42703 as PostgreSQL words it (with its "Perhaps you meant" hint). */
export function findColumn(table: Table, name: string): Column {
  const column = table.columns.get(name);
  if (column) return column;
  throw unknownColumn(table.name, name, closestName(name, table.columns.keys()));
}
