// The PostgREST query grammar's select and order parts (parse.ts): columns, aliases, casts, JSON
// paths, embedded resources, and the order of rows, with PostgREST's errors for what it refuses.
import { describe, expect, it } from 'vitest';
import { failure } from './parse-failure.ts';
import { parseOrder, parseSelect } from './parse.ts';

describe('select', () => {
  it('reads a star, plain columns, aliases, casts and JSON paths', () => {
    expect(
      parseSelect('*,id,title:name,created_at::text,data->a->>b,data->0,label:data->>c::int'),
    ).toEqual([
      { kind: 'star' },
      { kind: 'field', field: { name: 'id', path: [] } },
      { kind: 'field', field: { name: 'name', path: [] }, alias: 'title' },
      { kind: 'field', field: { name: 'created_at', path: [] }, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
      },
      { kind: 'field', field: { name: 'data', path: [{ arrow: '->', index: 0 }] } },
      {
        kind: 'field',
        field: { name: 'data', path: [{ arrow: '->>', key: 'c' }] },
        alias: 'label',
        cast: 'int',
      },
    ]);
  });

  it('reads double-quoted names with spaces, commas, colons and escaped quotes', () => {
    expect(parseSelect('"my col","a,b":"c:d","say \\"hi\\""')).toEqual([
      { kind: 'field', field: { name: 'my col', path: [] } },
      { kind: 'field', field: { name: 'c:d', path: [] }, alias: 'a,b' },
      { kind: 'field', field: { name: 'say "hi"', path: [] } },
    ]);
  });

  it('keeps dashes inside names but not the start of an arrow', () => {
    expect(parseSelect('first-name,data->key-with-dash')).toEqual([
      { kind: 'field', field: { name: 'first-name', path: [] } },
      { kind: 'field', field: { name: 'data', path: [{ arrow: '->', key: 'key-with-dash' }] } },
    ]);
  });

  it('ignores spaces around items, as a raw URL may carry them', () => {
    expect(parseSelect(' id , title ')).toEqual([
      { kind: 'field', field: { name: 'id', path: [] } },
      { kind: 'field', field: { name: 'title', path: [] } },
    ]);
  });

  it('names the position of a trailing comma as PostgREST does', () => {
    expect(failure(() => parseSelect('a,'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse select parameter (a,)" (line 1, column 3)',
      details: 'unexpected end of input expecting field name (* or [a..z0..9_$])',
      hint: null,
    });
  });

  it('refuses an empty cast and a cast with characters outside a type name', () => {
    expect(failure(() => parseSelect('name::')).details).toBe(
      'unexpected end of input expecting letter or digit',
    );
    expect(failure(() => parseSelect('name::$$')).code).toBe('PGRST100');
    expect(failure(() => parseSelect('name::text;drop')).code).toBe('PGRST100');
  });

  it('answers PGRST100 for embedded resources, spreads and aggregates', () => {
    for (const select of [
      'id,client(name)',
      'id,alias:client!inner(*)',
      '...client(name)',
      'count()',
      'id.sum()',
    ]) {
      expect(failure(() => parseSelect(select))).toMatchObject({ status: 400, code: 'PGRST100' });
    }
    expect(failure(() => parseSelect('id,client(name)')).details).toContain(
      'embedded resources are not supported',
    );
  });

  it('refuses junk after a star', () => {
    expect(failure(() => parseSelect('*!hint')).message).toBe(
      '"failed to parse select parameter (*!hint)" (line 1, column 2)',
    );
  });
});

describe('order', () => {
  it('reads several terms with directions and null placement', () => {
    expect(parseOrder('a.desc.nullslast,b,c.asc,d.nullsfirst,e->>f.desc')).toEqual([
      { field: { name: 'a', path: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', path: [] } },
      { field: { name: 'c', path: [] }, direction: 'asc' },
      { field: { name: 'd', path: [] }, nulls: 'first' },
      { field: { name: 'e', path: [{ arrow: '->>', key: 'f' }] }, direction: 'desc' },
    ]);
  });

  it('says which modifiers are allowed after a bad one', () => {
    expect(failure(() => parseOrder('id.ac'))).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse order (id.ac)" (line 1, column 4)',
      details: 'unexpected "a" expecting "asc", "desc", "nullsfirst" or "nullslast"',
    });
    expect(failure(() => parseOrder('id.asc.smth')).details).toBe(
      'unexpected "s" expecting "nullsfirst" or "nullslast"',
    );
    expect(failure(() => parseOrder('id.nullslast.desc')).code).toBe('PGRST100');
    expect(failure(() => parseOrder('id,')).code).toBe('PGRST100');
  });
});
