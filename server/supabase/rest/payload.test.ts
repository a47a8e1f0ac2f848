import { describe, expect, it } from 'vitest';
import type { Table } from './catalog.ts';
import { RestError } from './errors.ts';
import { jsonDepth, MAX_JSON_DEPTH, parsePayload } from './payload.ts';

const todos: Table = {
  schema: 'public',
  name: 'todos',
  kind: 'r',
  primaryKey: ['id'],
  columns: new Map(
    ['id', 'title', 'done'].map((name) => [name, { name, type: 'text', notNull: false }]),
  ),
};

function thrown(fn: () => unknown): RestError['body'] {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error.body;
    throw error;
  }
  throw new Error('expected an error');
}

describe('payload', () => {
  it("takes an object's keys as the columns and keeps the text as sent", () => {
    const text = '{"title":"a","done":1.50}';
    expect(parsePayload(text, todos, undefined)).toEqual({
      json: text,
      columns: ['title', 'done'],
      firstKeys: new Set(['title', 'done']),
      count: 1,
    });
  });

  it('uses the columns parameter for arrays whose objects differ', () => {
    const payload = parsePayload('[{"title":"a"},{"done":true}]', todos, ['title', 'done']);
    expect(payload.columns).toEqual(['title', 'done']);
    expect(payload.count).toBe(2);
  });

  it('insists that objects match without the columns parameter', () => {
    expect(thrown(() => parsePayload('[{"title":"a"},{"done":true}]', todos, undefined))).toEqual({
      code: 'PGRST102',
      message: 'All object keys must match',
      details: null,
      hint: null,
    });
  });

  it('refuses invalid or non-object JSON with PGRST102', () => {
    for (const text of ['', '{', '5', '"x"', 'null', '[1]', '[{}, null]']) {
      expect(thrown(() => parsePayload(text, todos, undefined))).toEqual({
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: null,
        hint: null,
      });
    }
  });

  it('refuses a key that is not a column with PGRST204', () => {
    expect(thrown(() => parsePayload('{"titel":"a"}', todos, undefined))).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'titel' column of 'todos' in the schema cache",
      details: null,
      hint: null,
    });
    expect(thrown(() => parsePayload('{"title":"a"}', todos, ['title', 'nope'])).code).toBe(
      'PGRST204',
    );
  });

  it('accepts an empty object and an empty array', () => {
    expect(parsePayload('{}', todos, undefined).columns).toEqual([]);
    expect(parsePayload('[]', todos, undefined)).toMatchObject({ columns: [], count: 0 });
  });
});

describe('nesting', () => {
  it('measures depth outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[\\"[[["}')).toBe(1);
    expect(jsonDepth('5')).toBe(0);
  });

  it('refuses JSON nested deeper than PostgreSQL can parse with PGRST102', () => {
    const deep = `{"title":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    expect(thrown(() => parsePayload(deep, todos, undefined))).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const fine = `{"title":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect(parsePayload(fine, todos, undefined).columns).toEqual(['title']);
  });
});
