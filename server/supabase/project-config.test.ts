import { describe, expect, it } from 'vitest';
import { integerSetting, parseToml, readProjectConfig } from './project-config.ts';

describe('reading config.toml', () => {
  it('reads tables, strings, numbers, booleans and arrays, ignoring comments', () => {
    const tables = parseToml(
      [
        '# a comment',
        'project_id = "site" # trailing',
        '[api]',
        'max_rows = 1_000',
        'schemas = ["public", "a#b"]',
        '[auth.email]',
        'enable_signup = false',
        "name = 'literal'",
      ].join('\n'),
    );
    expect(tables.get('')?.get('project_id')).toBe('site');
    expect(tables.get('api')?.get('max_rows')).toBe(1000);
    expect(tables.get('api')?.get('schemas')).toEqual(['public', 'a#b']);
    expect(tables.get('auth.email')?.get('enable_signup')).toBe(false);
    expect(tables.get('auth.email')?.get('name')).toBe('literal');
  });

  it('names the line of a value it does not understand', () => {
    expect(() => parseToml('[api]\nmax_rows = 1.5')).toThrow('config.toml line 2');
    expect(() => parseToml('just words')).toThrow('config.toml line 1');
  });

  it('answers a whole-number setting, its fallback when unset, and refuses anything else', () => {
    const tables = parseToml('[api]\nmax_rows = 20\nname = "x"\nnegative = -1');
    expect(integerSetting(tables, 'api', 'max_rows', 1000)).toBe(20);
    expect(integerSetting(tables, 'api', 'missing', 1000)).toBe(1000);
    expect(() => integerSetting(tables, 'api', 'name', 1)).toThrow('[api] name');
    expect(() => integerSetting(tables, 'api', 'negative', 1)).toThrow('[api] negative');
  });

  it("reads the project's own file", () => {
    expect(integerSetting(readProjectConfig(), 'api', 'max_rows', 0)).toBe(1000);
  });
});
