import { describe, expect, it } from 'vitest';
import type { Table } from './catalog.ts';
import { RestError } from './errors.ts';
import type { MediaType } from './headers.ts';
import { parseQuery } from './parse.ts';
import { parsePayload } from './payload.ts';
import {
  arrayLiteral,
  deleteStatement,
  ident,
  insertStatement,
  readStatement,
  updateStatement,
} from './sql.ts';

const todos: Table = {
  schema: 'public',
  name: 'todos',
  kind: 'r',
  primaryKey: ['id'],
  columns: new Map(
    [
      { name: 'id', type: 'uuid', notNull: true, defaultSql: 'gen_random_uuid()' },
      { name: 'title', type: 'text', notNull: true },
      { name: 'done', type: 'boolean', notNull: true, defaultSql: 'false' },
      { name: 'data', type: 'jsonb', notNull: false },
      { name: 'we"ird', type: 'text', notNull: false },
    ].map((c) => [c.name, c]),
  ),
};
const view: Table = { ...todos, name: 'todo_view', kind: 'v' };
const json: MediaType = {
  shape: 'array',
  stripNulls: false,
  contentType: 'application/json; charset=utf-8',
};
const query = (qs: string) => parseQuery(new URLSearchParams(qs));

function thrown(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('identifiers and literals', () => {
  it('quotes identifiers, doubling embedded quotes', () => {
    expect(ident('todos')).toBe('"todos"');
    expect(ident('we"ird')).toBe('"we""ird"');
  });

  it('builds array literals with every element quoted and escaped', () => {
    expect(arrayLiteral(['1', 'a,b', 'say "hi"', 'back\\slash', 'NULL'])).toBe(
      '{"1","a,b","say \\"hi\\"","back\\\\slash","NULL"}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });
});

describe('reads', () => {
  it('binds every value and quotes every identifier', () => {
    const statement = readStatement(
      todos,
      query(
        'select=id,label:title,data->>owner,"we\\"ird"&title=eq.x\'; drop table todos; --&id=in.(1,"a,b")&order=title.desc.nullslast',
      ),
      { media: json, count: false, offset: 0, limit: 10 },
    );
    expect(statement.values).toEqual(['owner', "x'; drop table todos; --", '{"1","a,b"}']);
    expect(statement.text).not.toContain('drop table');
    expect(statement.text).toContain('"todos"."title" as "label"');
    expect(statement.text).toContain('"todos"."data"->>$1::text as "owner"');
    expect(statement.text).toContain('"todos"."we""ird" as "we""ird"');
    expect(statement.text).toContain('where "todos"."title" = $2 and "todos"."id" = any($3)');
    expect(statement.text).toContain('order by "todos"."title" desc nulls last limit 10');
    expect(statement.text).toContain('from "public"."todos"');
  });

  it('aggregates the rows to JSON in SQL, as an array or as the single object', () => {
    expect(
      readStatement(todos, query(''), { media: json, count: false, offset: 0 }).text,
    ).toContain("coalesce(json_agg(pgrst_t), '[]')::text as body");
    const single = readStatement(todos, query(''), {
      media: { shape: 'object', stripNulls: true, contentType: '' },
      count: false,
      offset: 0,
    });
    expect(single.text).toContain(
      "coalesce((json_agg(json_strip_nulls(to_json(pgrst_t)))->0)::text, 'null')",
    );
  });

  it('counts the filtered rows only when asked', () => {
    const counted = readStatement(todos, query('done=is.false'), {
      media: json,
      count: true,
      offset: 5,
    });
    expect(counted.text).toContain(
      '(select count(*) from "public"."todos" where "todos"."done" is false)::text as total',
    );
    expect(counted.text).toContain('offset 5');
    expect(
      readStatement(todos, query(''), { media: json, count: false, offset: 0 }).text,
    ).toContain('null as total');
  });

  it('turns like stars into percent signs, and writes in, is, not and logic trees', () => {
    const statement = readStatement(
      todos,
      query(
        'title=like.*milk*&done=not.is.true&or=(title.ilike.a*,and(done.is.null,title.neq.x))&id=not.in.()',
      ),
      { media: json, count: false, offset: 0 },
    );
    expect(statement.values).toEqual(['%milk%', '{}', 'a%', 'x']);
    expect(statement.text).toContain(
      'where "todos"."title" like $1 and not ("todos"."done" is true) and not ("todos"."id" = any($2)) and ("todos"."title" ilike $3 or ("todos"."done" is null and "todos"."title" <> $4))',
    );
  });

  it('refuses unknown columns in select, filters and order with 42703 and a hint', () => {
    const error = thrown(() =>
      readStatement(todos, query('select=titel'), { media: json, count: false, offset: 0 }),
    );
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      code: '42703',
      message: 'column todos.titel does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "todos.title".',
    });
    expect(
      thrown(() =>
        readStatement(todos, query('zzz=eq.1'), { media: json, count: false, offset: 0 }),
      ).body,
    ).toMatchObject({
      code: '42703',
      hint: null,
    });
    expect(
      thrown(() =>
        readStatement(todos, query('order=nope'), { media: json, count: false, offset: 0 }),
      ).body.code,
    ).toBe('42703');
  });
});

describe('writes', () => {
  const minimal = { media: json, prefs: {} };
  const representation = { media: json, prefs: { return: 'representation' as const } };

  it('inserts through json_populate_recordset with only the body columns, returning 1 when minimal', () => {
    const body = '{"title":"Milk","done":true}';
    const statement = insertStatement(
      todos,
      query(''),
      parsePayload(body, todos, undefined),
      minimal,
    );
    expect(statement.values).toEqual([body]);
    expect(statement.text).toContain('json_populate_recordset(null::"public"."todos"');
    expect(statement.text).toContain(
      'insert into "public"."todos" ("title", "done") select "title", "done" from pgrst_body',
    );
    expect(statement.text).toContain('returning 1');
  });

  it('returns only the selected columns for return=representation', () => {
    const statement = insertStatement(
      todos,
      query('select=id,title'),
      parsePayload('{"title":"x"}', todos, undefined),
      representation,
    );
    expect(statement.text).toContain('returning "todos"."id", "todos"."title"');
    expect(statement.text).toContain(
      '"pgrst_source"."id" as "id", "pgrst_source"."title" as "title"',
    );
  });

  it('lays each object over the defaults with missing=default', () => {
    const statement = insertStatement(
      todos,
      query('columns=title,done'),
      parsePayload('[{"title":"a"},{"title":"b","done":true}]', todos, ['title', 'done']),
      { media: json, prefs: { missing: 'default' } },
    );
    expect(statement.text).toContain('jsonb_build_object($2::text, false) || elem');
    expect(statement.values).toEqual(['[{"title":"a"},{"title":"b","done":true}]', 'done']);
  });

  it('upserts on the primary key or on_conflict', () => {
    const payload = parsePayload('{"id":"1","title":"x"}', todos, undefined);
    expect(
      insertStatement(todos, query(''), payload, {
        media: json,
        prefs: { resolution: 'merge-duplicates' },
      }).text,
    ).toContain(
      'on conflict ("id") do update set "id" = excluded."id", "title" = excluded."title"',
    );
    expect(
      insertStatement(todos, query('on_conflict=title'), payload, {
        media: json,
        prefs: { resolution: 'ignore-duplicates' },
      }).text,
    ).toContain('on conflict ("title") do nothing');
  });

  it('updates the body columns of the filtered rows', () => {
    const statement = updateStatement(
      todos,
      query('id=eq.7'),
      parsePayload('{"done":true}', todos, undefined),
      minimal,
    );
    expect(statement.text).toContain(
      'update "public"."todos" set "done" = pgrst_body."done" from pgrst_body where "todos"."id" = $2',
    );
    expect(statement.values).toEqual(['{"done":true}', '7']);
  });

  it('refuses an update or delete without a filter, as pg_safeupdate does', () => {
    expect(
      thrown(() =>
        updateStatement(todos, query(''), parsePayload('{"done":true}', todos, undefined), minimal),
      ).body,
    ).toEqual({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
      details: null,
      hint: null,
    });
    expect(thrown(() => deleteStatement(todos, query('order=id'), minimal)).body.message).toBe(
      'DELETE requires a WHERE clause',
    );
  });

  it('limits an update or delete by ctid on tables only', () => {
    expect(deleteStatement(todos, query('done=is.true&order=id&limit=2'), minimal).text).toContain(
      'where "todos".ctid = any(array(select "todos".ctid from "public"."todos" where "todos"."done" is true order by "todos"."id" limit 2))',
    );
    expect(thrown(() => deleteStatement(view, query('limit=1'), minimal)).body.code).toBe('0A000');
  });

  it('selects nothing for an empty update, without a WHERE check', () => {
    const statement = updateStatement(
      todos,
      query('id=eq.1'),
      parsePayload('{}', todos, undefined),
      minimal,
    );
    expect(statement.text).toContain('select 1 from "public"."todos" where false');
    expect(statement.values).toEqual([]);
  });
});
