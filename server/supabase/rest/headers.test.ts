import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { checkProfile, negotiateMediaType, parsePreferences, parseRangeHeader } from './headers.ts';

function thrown(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('Accept', () => {
  it('answers JSON arrays for no Accept, */* and application/json', () => {
    for (const accept of [
      undefined,
      '*/*',
      'application/json',
      'application/json, text/plain;q=0.5',
    ]) {
      expect(negotiateMediaType({ accept })).toEqual({
        shape: 'array',
        stripNulls: false,
        contentType: 'application/json; charset=utf-8',
      });
    }
  });

  it('answers a single object for the .single() media type', () => {
    expect(negotiateMediaType({ accept: 'application/vnd.pgrst.object+json' })).toEqual({
      shape: 'object',
      stripNulls: false,
      contentType: 'application/vnd.pgrst.object+json; charset=utf-8',
    });
  });

  it('honours nulls=stripped as supabase-js sends it', () => {
    expect(
      negotiateMediaType({ accept: 'application/vnd.pgrst.array+json;nulls=stripped' }),
    ).toMatchObject({
      shape: 'array',
      stripNulls: true,
    });
    expect(
      negotiateMediaType({ accept: 'application/vnd.pgrst.object+json;nulls=stripped' }),
    ).toMatchObject({
      shape: 'object',
      stripNulls: true,
    });
  });

  it('prefers the highest quality', () => {
    expect(
      negotiateMediaType({ accept: 'application/json;q=0.1, application/vnd.pgrst.object+json' })
        .shape,
    ).toBe('object');
  });

  it('refuses media types it cannot produce with 406 PGRST107', () => {
    const error = thrown(() => negotiateMediaType({ accept: 'text/csv' }));
    expect(error.status).toBe(406);
    expect(error.body).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: text/csv',
      details: null,
      hint: null,
    });
  });
});

describe('Prefer', () => {
  it('reads every preference from one header or several', () => {
    expect(
      parsePreferences({ prefer: 'return=representation, count=exact,missing=default' }),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      missing: 'default',
    });
    expect(
      parsePreferences({ prefer: 'resolution=merge-duplicates, handling=strict, max-affected=3' }),
    ).toEqual({
      resolution: 'merge-duplicates',
      handling: 'strict',
      maxAffected: 3,
    });
    expect(parsePreferences({})).toEqual({});
  });

  it('ignores unknown preferences unless handling=strict', () => {
    expect(parsePreferences({ prefer: 'return=everything, colour=blue' })).toEqual({});
    const error = thrown(() => parsePreferences({ prefer: 'handling=strict, colour=blue' }));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      code: 'PGRST122',
      details: 'Invalid preferences: colour=blue',
    });
  });
});

describe('profiles', () => {
  it('accepts the exposed schema or no profile', () => {
    expect(() => checkProfile({}, false, 'public')).not.toThrow();
    expect(() => checkProfile({ 'accept-profile': 'public' }, false, 'public')).not.toThrow();
    expect(() =>
      checkProfile({ 'content-profile': 'public', 'accept-profile': 'auth' }, true, 'public'),
    ).not.toThrow();
  });

  it('refuses any other schema with 406 PGRST106', () => {
    const error = thrown(() => checkProfile({ 'accept-profile': 'auth' }, false, 'public'));
    expect(error.status).toBe(406);
    expect(error.body).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: auth',
      details: null,
      hint: 'Only the following schemas are exposed: public',
    });
    expect(
      thrown(() => checkProfile({ 'content-profile': 'private' }, true, 'public')).body.code,
    ).toBe('PGRST106');
  });
});

describe('Range', () => {
  it('reads closed and open ranges and ignores what it cannot read', () => {
    expect(parseRangeHeader({ range: '0-9' })).toEqual({ from: 0, to: 9 });
    expect(parseRangeHeader({ range: '5-' })).toEqual({ from: 5 });
    expect(parseRangeHeader({ range: 'bytes' })).toBeUndefined();
    expect(parseRangeHeader({})).toBeUndefined();
  });

  it('refuses an inverted range with 416', () => {
    expect(thrown(() => parseRangeHeader({ range: '9-0' })).status).toBe(416);
  });
});
