import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from './fuzzy.ts';

describe('closestName', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('suggests a name that differs by a typo or by case', () => {
    expect(closestName('todo', ['todos', 'users'])).toBe('todos');
    expect(closestName('Todos', ['todos', 'users'])).toBe('todos');
    expect(closestName('titel', ['id', 'title', 'body'])).toBe('title');
  });

  it('suggests nothing when every name is far away', () => {
    expect(closestName('foo', ['todos', 'users'])).toBeUndefined();
    expect(closestName('x', [])).toBeUndefined();
  });
});
