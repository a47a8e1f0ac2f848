import { describe, expect, it } from 'vitest';
import { PreparedStatements } from './prepared-statements.ts';

describe('a connection’s prepared statements', () => {
  it('parses a text once, then only names it', () => {
    const statements = new PreparedStatements(3);
    const first = statements.use('select 1');
    expect(first.parse).toBe(true);
    expect(statements.use('select 1')).toEqual({ name: first.name, parse: false });
    expect(statements.use('select 2').name).not.toBe(first.name);
  });

  it('closes the least recently used when another needs its place', () => {
    const statements = new PreparedStatements(2);
    const a = statements.use('a').name;
    const b = statements.use('b').name;
    statements.use('a'); // b is now the least recently used
    statements.use('c');
    expect(statements.size).toBe(2);
    expect(statements.takeClosing()).toEqual([b]);
    expect(statements.takeClosing()).toEqual([]);
    expect(statements.use('a')).toEqual({ name: a, parse: false });
    expect(statements.use('b').parse).toBe(true);
  });

  it('never gives a name twice, even to a text it forgot', () => {
    const statements = new PreparedStatements(2);
    const names = new Set<string>();
    for (let i = 0; i < 50; i++) names.add(statements.use(`select ${i % 5}`).name);
    const forgotten = statements.use('select x').name;
    statements.forget('select x');
    expect(statements.takeClosing()).toContain(forgotten);
    expect(statements.use('select x')).toMatchObject({ parse: true });
    expect(statements.nameOf('select x')).not.toBe(forgotten);
    expect(names.size).toBe(50);
  });
});
