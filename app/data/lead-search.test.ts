import { describe, expect, it } from 'vitest';
import { escapeLikePattern, leadSearchFilter } from './lead-search';

describe('escapeLikePattern', () => {
  it('makes LIKE’s wildcards and its escape character match themselves', () => {
    expect(escapeLikePattern('100%')).toBe('100\\%');
    expect(escapeLikePattern('first_name')).toBe('first\\_name');
    expect(escapeLikePattern('back\\slash')).toBe('back\\\\slash');
    expect(escapeLikePattern('%_%')).toBe('\\%\\_\\%');
  });

  it('turns PostgREST’s * wildcard into a single-character match, never into %', () => {
    expect(escapeLikePattern('a*b')).toBe('a_b');
    expect(escapeLikePattern('*')).not.toContain('%');
  });

  it('leaves ordinary text, Swedish letters included, as it is', () => {
    expect(escapeLikePattern('Åsa Öberg, Städ AB')).toBe('Åsa Öberg, Städ AB');
  });
});

describe('leadSearchFilter', () => {
  it('searches the name, e-mail and company, any case, for the text anywhere in them', () => {
    expect(leadSearchFilter('anna')).toBe(
      'name.ilike."%anna%",email.ilike."%anna%",company_name.ilike."%anna%"',
    );
  });

  it('keeps commas, parentheses and dots inside one quoted value', () => {
    expect(leadSearchFilter('Svensson, Anna (AB).')).toBe(
      'name.ilike."%Svensson, Anna (AB).%",email.ilike."%Svensson, Anna (AB).%",' +
        'company_name.ilike."%Svensson, Anna (AB).%"',
    );
  });

  it('escapes quotes and backslashes so the value cannot end early', () => {
    const filter = leadSearchFilter('x"),id.neq.(0');
    expect(filter.split(',')[0]).toBe('name.ilike."%x\\")');
    expect(filter).toContain('"%x\\"),id.neq.(0%"');
    // A backslash is escaped for LIKE (\\) and then for the quoted value (each \ doubled).
    expect(leadSearchFilter('a\\')).toContain('name.ilike."%a\\\\\\\\%"');
  });

  it('matches a * literally, through a regular expression with everything else escaped', () => {
    expect(leadSearchFilter('a*b (c)')).toBe(
      'name.imatch."a\\\\*b \\\\(c\\\\)",email.imatch."a\\\\*b \\\\(c\\\\)",' +
        'company_name.imatch."a\\\\*b \\\\(c\\\\)"',
    );
    expect(leadSearchFilter('Städ*')).toContain('name.imatch."Städ\\\\*"');
  });

  it('cannot widen the search with wildcards', () => {
    expect(leadSearchFilter('%')).toContain('name.ilike."%\\\\%%"');
    expect(leadSearchFilter('_')).toContain('name.ilike."%\\\\_%"');
  });
});
