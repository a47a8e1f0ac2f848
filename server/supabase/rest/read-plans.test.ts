import { describe, expect, it } from 'vitest';
import type { Table } from './catalog.ts';
import type { MediaType } from './headers.ts';
import { parseQuery } from './parse.ts';
import { MAX_KEPT_QUERY_LENGTH, ReadPlans } from './read-plans.ts';
import { readStatement } from './sql.ts';

const columns = (...names: string[]) =>
  new Map(names.map((name) => [name, { name, type: 'text', notNull: false }]));
const posts: Table = {
  schema: 'public',
  name: 'posts',
  kind: 'r',
  primaryKey: ['id'],
  columns: columns('id', 'title', 'slug'),
};
const drafts: Table = { ...posts, name: 'drafts' };
const json: MediaType = {
  shape: 'array',
  stripNulls: false,
  contentType: 'application/json; charset=utf-8',
};
const single: MediaType = { ...json, shape: 'object' };
const qs = (text: string) => new URLSearchParams(text);
const options = { media: json, count: false, offset: 0, limit: 10 };

describe('read plans', () => {
  it('parses a query string once and builds its statement once', () => {
    const plans = new ReadPlans();
    const query = plans.query(qs('select=id,title&slug=eq.a'));
    expect(plans.query(qs('select=id,title&slug=eq.a'))).toBe(query);
    const statement = plans.statement(posts, query, options);
    expect(plans.statement(posts, query, options)).toBe(statement);
    expect(statement).toEqual(
      readStatement(posts, parseQuery(qs('select=id,title&slug=eq.a')), options),
    );
  });

  it('builds each shape its own statement: another column, operator, table, media type or window', () => {
    const plans = new ReadPlans();
    const byId = plans.query(qs('select=id&slug=eq.a'));
    const byTitle = plans.query(qs('select=title&slug=eq.a'));
    const greater = plans.query(qs('select=id&slug=gt.a'));
    const texts = new Set([
      plans.statement(posts, byId, options).text,
      plans.statement(posts, byTitle, options).text,
      plans.statement(posts, greater, options).text,
      plans.statement(drafts, byId, options).text,
      plans.statement(posts, byId, { ...options, media: single }).text,
      plans.statement(posts, byId, { ...options, limit: 5 }).text,
      plans.statement(posts, byId, { ...options, count: true }).text,
    ]);
    expect(texts.size).toBe(7);
  });

  it('keeps at most its limit of query strings, the least recently used leaving first', () => {
    const plans = new ReadPlans(10);
    const kept = plans.query(qs('slug=eq.kept'));
    for (let i = 0; i < 1000; i++) {
      plans.query(qs(`slug=eq.${i}`));
      if (i % 5 === 0) plans.query(qs('slug=eq.kept'));
    }
    expect(plans.size).toBe(10);
    expect(plans.query(qs('slug=eq.kept'))).toBe(kept);
    expect(plans.query(qs('slug=eq.0'))).not.toBe(plans.query(qs('slug=eq.1')));
  });

  it('keeps neither an invalid query string nor a very long one', () => {
    const plans = new ReadPlans();
    expect(() => plans.query(qs('slug=nonsense'))).toThrow();
    const long = qs(`slug=eq.${'x'.repeat(MAX_KEPT_QUERY_LENGTH)}`);
    expect(plans.query(long)).not.toBe(plans.query(long));
    expect(plans.size).toBe(0);
  });

  it('throws for an unknown column, as readStatement does, and builds nothing', () => {
    const plans = new ReadPlans();
    const query = plans.query(qs('select=nope'));
    expect(() => plans.statement(posts, query, options)).toThrow(/nope/);
    expect(() => plans.statement(posts, query, options)).toThrow(/nope/);
  });
});
