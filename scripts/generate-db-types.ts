// npm run db:types: applies supabase/migrations to a throw-away PGlite and writes the Database
// type that supabase-js takes (the shape `supabase gen types typescript` produces) to
// app/data/database.types.ts. Never edit that file by hand.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { migrate } from '#server/supabase/db/migrate.ts';

export const typesFile = path.resolve(import.meta.dirname, '../app/data/database.types.ts');

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: string;
  has_default: string;
  is_identity: string;
  /** ALWAYS for a generated column, which no insert or update may set. */
  is_generated: string;
}

const scalar: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  uuid: 'string',
  timestamptz: 'string',
  timestamp: 'string',
  date: 'string',
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  json: 'Json',
  jsonb: 'Json',
};

interface DbFunctionRow {
  name: string;
  arg_names: string | null;
  arg_types: string;
  defaults: number | string;
  return_type: string;
  returns_set: boolean | string;
}

const functionsSql = `
  select p.proname as name,
         array_to_json(p.proargnames)::text as arg_names,
         array_to_json(array(select t.typname from unnest(p.proargtypes) as a
                               join pg_type t on t.oid = a))::text as arg_types,
         p.pronargdefaults as defaults,
         (select typname from pg_type where oid = p.prorettype) as return_type,
         p.proretset as returns_set
    from pg_proc p
   where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' and p.proargmodes is null
   order by p.proname`;

/** The public functions supabase-js's rpc() can call, as `supabase gen types` writes them. */
function functionTypes(rows: DbFunctionRow[]): string {
  if (rows.length === 0) return '{ [_ in never]: never }';
  const entries = rows.map((row) => {
    const types = JSON.parse(row.arg_types) as string[];
    const names = row.arg_names ? (JSON.parse(row.arg_names) as string[]) : [];
    const firstOptional = types.length - Number(row.defaults);
    const args = types
      .map(
        (type, i) => `${names[i]}${i >= firstOptional ? '?' : ''}: ${scalar[type] ?? 'unknown'};`,
      )
      .join(' ');
    const returned =
      row.return_type === 'void' ? 'undefined' : (scalar[row.return_type] ?? 'unknown');
    const many = row.returns_set === true || row.returns_set === 't' || row.returns_set === 'true';
    // A function without parameters takes no arguments object, as `supabase gen types` writes it.
    const argsType = types.length === 0 ? 'never' : `{ ${args} }`;
    return `      ${row.name}: { Args: ${argsType}; Returns: ${many ? `${returned}[]` : returned} };`;
  });
  return `{\n${entries.join('\n')}\n    }`;
}

/** The TypeScript source for the public schema of a migrated database. */
export async function generateDatabaseTypes(): Promise<string> {
  const db = await openPglite('memory://');
  try {
    await migrate(db);
    const { rows } = await db.query<Column>(`
      select c.table_name, c.column_name, c.udt_name, c.is_nullable,
             (c.column_default is not null)::text as has_default, c.is_identity, c.is_generated
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`);
    const functions = await db.query<DbFunctionRow>(functionsSql);
    const tables = new Map<string, Column[]>();
    for (const row of rows)
      tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row]);

    const body = [...tables]
      .map(([table, columns]) => {
        const type = (c: Column) => {
          // An array's udt_name is its element's with a leading underscore (_date, _text).
          const element = c.udt_name.startsWith('_') ? scalar[c.udt_name.slice(1)] : undefined;
          const base = element ? `${element}[]` : (scalar[c.udt_name] ?? 'unknown');
          return c.is_nullable === 'YES' ? `${base} | null` : base;
        };
        const optional = (c: Column) =>
          c.is_nullable === 'YES' || c.has_default === 'true' || c.is_identity === 'YES';
        const row = columns.map((c) => `          ${c.column_name}: ${type(c)};`).join('\n');
        // As `supabase gen types` writes them: a generated column can be read, never written.
        const writable = (c: Column) => (c.is_generated === 'ALWAYS' ? 'never' : type(c));
        const insert = columns
          .map(
            (c) =>
              `          ${c.column_name}${optional(c) || c.is_generated === 'ALWAYS' ? '?' : ''}: ${writable(c)};`,
          )
          .join('\n');
        const update = columns
          .map((c) => `          ${c.column_name}?: ${writable(c)};`)
          .join('\n');
        return [
          `      ${table}: {`,
          `        Row: {\n${row}\n        };`,
          `        Insert: {\n${insert}\n        };`,
          `        Update: {\n${update}\n        };`,
          `        Relationships: [];`,
          `      };`,
        ].join('\n');
      })
      .join('\n');

    const source = `// Generated by \`npm run db:types\` from supabase/migrations. Do not edit by hand.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export interface Database {
  public: {
    Tables: {
${body}
    };
    Views: { [_ in never]: never };
    Functions: ${functionTypes(functions.rows)};
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
}
`;
    const options = await prettier.resolveConfig(typesFile);
    return prettier.format(source, { ...options, filepath: typesFile });
  } finally {
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(typesFile, await generateDatabaseTypes());
  console.log(`Wrote ${path.relative(process.cwd(), typesFile)}`);
}
