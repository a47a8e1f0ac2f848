// The PostgREST query grammar's filters (parse.ts): operators and their values, negation, the
// logic trees of or/and, filter keys and column lists, and a whole query string read at once.
// Long because each operator's accepted and refused values sit side by side, as in PostgREST's own
// grammar tests.
import { describe, expect, it } from 'vitest';
import { failure } from './parse-failure.ts';
import { parseColumns, parseFilterKey, parseFilterValue, parseLogic, parseQuery } from './parse.ts';

describe('filter values', () => {
  it('reads every simple operator with the rest of the text as the value', () => {
    for (const op of [
      'eq',
      'neq',
      'gt',
      'gte',
      'lt',
      'lte',
      'like',
      'ilike',
      'match',
      'imatch',
      'cs',
      'cd',
      'ov',
    ]) {
      expect(parseFilterValue(`${op}.a.b,c(d)`)).toEqual({
        negated: false,
        operation: { kind: 'simple', operator: op, value: 'a.b,c(d)' },
      });
    }
  });

  it('keeps an empty value and a value that looks like an operator', () => {
    expect(parseFilterValue('eq.')).toEqual({
      negated: false,
      operation: { kind: 'simple', operator: 'eq', value: '' },
    });
    expect(parseFilterValue('eq.not.in.(1)').operation).toEqual({
      kind: 'simple',
      operator: 'eq',
      value: 'not.in.(1)',
    });
  });

  it('negates with not.', () => {
    expect(parseFilterValue('not.eq.5')).toEqual({
      negated: true,
      operation: { kind: 'simple', operator: 'eq', value: '5' },
    });
  });

  it('reads in-lists where only items with ,() are quoted', () => {
    expect(parseFilterValue('in.(1,"a,b",c d,"x\\"y","(z)")').operation).toEqual({
      kind: 'in',
      values: ['1', 'a,b', 'c d', 'x"y', '(z)'],
    });
    expect(parseFilterValue('not.in.()')).toEqual({
      negated: true,
      operation: { kind: 'in', values: [] },
    });
    expect(parseFilterValue('in.("")').operation).toEqual({ kind: 'in', values: [] });
    expect(parseFilterValue('in.(a,)').operation).toEqual({ kind: 'in', values: ['a', ''] });
  });

  it('treats a quote that does not end an item as part of it', () => {
    expect(parseFilterValue('in.("a"b,c)').operation).toEqual({
      kind: 'in',
      values: ['"a"b', 'c'],
    });
  });

  it('refuses a malformed in-list', () => {
    expect(failure(() => parseFilterValue('in.1,2'))).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (in.1,2)" (line 1, column 4)',
      details: 'unexpected "1" expecting "("',
    });
    expect(failure(() => parseFilterValue('in.(1,2')).details).toBe(
      'unexpected end of input expecting "," or ")"',
    );
    expect(failure(() => parseFilterValue('in.(1)x')).code).toBe('PGRST100');
  });

  it('reads is. values case-insensitively and refuses others', () => {
    for (const value of ['null', 'not_null', 'true', 'false', 'unknown'] as const) {
      expect(parseFilterValue(`is.${value.toUpperCase()}`).operation).toEqual({
        kind: 'is',
        value,
      });
    }
    expect(failure(() => parseFilterValue('is.maybe'))).toMatchObject({
      message: '"failed to parse filter (is.maybe)" (line 1, column 4)',
      details: 'unexpected "m" expecting null or trilean value (unknown, true, false)',
    });
    expect(failure(() => parseFilterValue('is.nullx')).code).toBe('PGRST100');
  });

  it('reads quantified operators, isdistinct and full-text search', () => {
    expect(parseFilterValue('like(any).{a*,b*}').operation).toEqual({
      kind: 'quantified',
      operator: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
    });
    expect(parseFilterValue('isdistinct.x').operation).toEqual({ kind: 'isdistinct', value: 'x' });
    expect(parseFilterValue('fts(english).cat & dog').operation).toEqual({
      kind: 'fts',
      operator: 'fts',
      language: 'english',
      value: 'cat & dog',
    });
    expect(parseFilterValue('wfts.cat').operation).toEqual({
      kind: 'fts',
      operator: 'wfts',
      value: 'cat',
    });
  });

  it('names an unknown operator and a missing one', () => {
    expect(failure(() => parseFilterValue('noop.0'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (noop.0)" (line 1, column 6)',
      details: 'unknown single value operator noop',
      hint: null,
    });
    expect(failure(() => parseFilterValue('5')).details).toBe(
      'unexpected "5" expecting "not" or operator (eq, gt, ...)',
    );
    expect(failure(() => parseFilterValue('neq(any).{1}')).details).toBe(
      'unknown single value operator neq(any)',
    );
  });
});

describe('logic trees', () => {
  it('reads nested and/or with negation and values that hold , and )', () => {
    expect(
      parseLogic('or', '(a.eq.1,b.in.(2,3),not.and(c.is.null,d.like."x,y)"),e.cs.{1,2})'),
    ).toEqual({
      kind: 'logic',
      negated: false,
      operator: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', path: [] },
            negated: false,
            operation: { kind: 'simple', operator: 'eq', value: '1' },
          },
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'b', path: [] },
            negated: false,
            operation: { kind: 'in', values: ['2', '3'] },
          },
        },
        {
          kind: 'logic',
          negated: true,
          operator: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'c', path: [] },
                negated: false,
                operation: { kind: 'is', value: 'null' },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'd', path: [] },
                negated: false,
                operation: { kind: 'simple', operator: 'like', value: 'x,y)' },
              },
            },
          ],
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'e', path: [] },
            negated: false,
            operation: { kind: 'simple', operator: 'cs', value: '{1,2}' },
          },
        },
      ],
    });
  });

  it('negates a filter inside a tree after the column, and the whole tree from the key', () => {
    expect(parseLogic('not.and', '(a.not.eq.1)')).toEqual({
      kind: 'logic',
      negated: true,
      operator: 'and',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', path: [] },
            negated: true,
            operation: { kind: 'simple', operator: 'eq', value: '1' },
          },
        },
      ],
    });
  });

  it('refuses an empty, unclosed or unknown tree', () => {
    expect(failure(() => parseLogic('or', '()')).code).toBe('PGRST100');
    expect(failure(() => parseLogic('or', '(a.eq.1')).message).toBe(
      '"failed to parse logic tree ((a.eq.1)" (line 1, column 10)',
    );
    expect(failure(() => parseLogic('or', '(a.xx.1)')).details).toBe(
      'unknown single value operator xx',
    );
    expect(failure(() => parseLogic('or', 'a.eq.1')).code).toBe('PGRST100');
    expect(failure(() => parseLogic('or', '(a.eq.1))')).code).toBe('PGRST100');
  });
});

describe('filter keys and column lists', () => {
  it('reads a column with a JSON path', () => {
    expect(parseFilterKey('data->>a')).toEqual({
      name: 'data',
      path: [{ arrow: '->>', key: 'a' }],
    });
    expect(parseFilterKey('"odd.name"')).toEqual({ name: 'odd.name', path: [] });
  });

  it('refuses a key that names an embedded resource with PGRST108', () => {
    expect(failure(() => parseFilterKey('author.name'))).toEqual({
      status: 400,
      code: 'PGRST108',
      message: "'author' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'author' is included in the 'select' query parameter.",
    });
  });

  it('reads quoted and plain column lists', () => {
    expect(parseColumns('columns', '"a","b c",d')).toEqual(['a', 'b c', 'd']);
    expect(failure(() => parseColumns('columns', 'a,,b')).message).toBe(
      '"failed to parse columns parameter (a,,b)" (line 1, column 3)',
    );
  });
});

describe('the whole query string', () => {
  it('sorts parameters into select, filters, logic, order and the window', () => {
    const query = parseQuery(
      new URLSearchParams(
        'select=id,title&is_published=eq.true&language=eq.english&order=published_date.desc&limit=3&offset=6&or=(a.eq.1,b.eq.2)&columns="x","y"&on_conflict=slug',
      ),
    );
    expect(query.select).toHaveLength(2);
    expect(query.filters.map((f) => f.field.name)).toEqual(['is_published', 'language']);
    expect(query.logic).toHaveLength(1);
    expect(query.order).toEqual([
      { field: { name: 'published_date', path: [] }, direction: 'desc' },
    ]);
    expect(query).toMatchObject({ limit: 3, offset: 6, columns: ['x', 'y'], onConflict: ['slug'] });
  });

  it('defaults select to every column and keeps repeated filters', () => {
    const query = parseQuery(new URLSearchParams('id=gt.1&id=lt.5'));
    expect(query.select).toEqual([{ kind: 'star' }]);
    expect(query.filters.map((f) => f.operation)).toEqual([
      { kind: 'simple', operator: 'gt', value: '1' },
      { kind: 'simple', operator: 'lt', value: '5' },
    ]);
  });

  it('decodes + as a space inside quoted names, as supabase-js form-encodes select', () => {
    expect(parseQuery(new URLSearchParams('select=%22my+col%22')).select).toEqual([
      { kind: 'field', field: { name: 'my col', path: [] } },
    ]);
  });

  it('refuses a parameter that is not an operator expression instead of ignoring it', () => {
    expect(failure(() => parseQuery(new URLSearchParams('id=5'))).code).toBe('PGRST100');
  });

  it('refuses a limit or offset that is not a count', () => {
    expect(failure(() => parseQuery(new URLSearchParams('limit=x')))).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse limit parameter (x)" (line 1, column 1)',
    });
    expect(failure(() => parseQuery(new URLSearchParams('offset=-1'))).code).toBe('PGRST100');
    expect(failure(() => parseQuery(new URLSearchParams('limit=99999999999999999999'))).code).toBe(
      'PGRST100',
    );
  });

  it('refuses order, limit and logic on an embedded resource', () => {
    for (const key of ['author.order=name', 'author.limit=1', 'author.or=(a.eq.1)']) {
      expect(failure(() => parseQuery(new URLSearchParams(key))).code).toBe('PGRST108');
    }
  });

  it('reads not.or as a negated tree', () => {
    expect(parseQuery(new URLSearchParams('not.or=(a.eq.1,a.eq.2)')).logic[0]).toMatchObject({
      negated: true,
      operator: 'or',
    });
  });
});
