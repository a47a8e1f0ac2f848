import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError, dataError } from './errors';
import { isUnavailable, logFailure } from './failures.server';

let errors: unknown[][];
let warnings: unknown[][];
beforeEach(() => {
  errors = [];
  warnings = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void errors.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
});

const MINUTE = 60_000;
/** Each test its own clock, far from the others', so that no test hears another's failures. */
let clock = 0;
const start = () => (clock += 100 * MINUTE);

describe('a failed read the page works around or shows', () => {
  it('is one line without a stack when the database cannot be reached', () => {
    const t = start();
    const starting = new DataError('the database system is starting up', { code: '57P03' });
    logFailure('Failed to load blog posts', starting, 'error', t);
    expect(errors).toEqual([
      [
        'Failed to load blog posts: the database is unavailable (the database system is starting up).',
      ],
    ]);
  });

  it('says the database’s own words when the data API passed them on', () => {
    const t = start();
    const cause = {
      message: 'Database client error. Retrying the connection.',
      code: 'PGRST001',
      details: 'connect ECONNREFUSED 127.0.0.1:5432',
    };
    logFailure('Failed to load blog posts', dataError(cause, 503), 'error', t);
    expect(errors).toEqual([
      [
        'Failed to load blog posts: the database is unavailable (Database client error. Retrying the connection. connect ECONNREFUSED 127.0.0.1:5432).',
      ],
    ]);
  });

  it('is logged with its error (and stack) when it is anything else', () => {
    const t = start();
    const error = new DataError('column blog_posts.title does not exist', { code: '42703' });
    logFailure('Failed to load blog post', error, 'error', t);
    expect(errors).toEqual([['Failed to load blog post:', error]]);
  });

  it('is logged once a minute, and its repeats counted and said with the next', () => {
    const t = start();
    const lost = new DataError('Database client error. Retrying the connection.', {
      code: 'PGRST001',
      status: 503,
    });
    for (let second = 0; second < 60; second++) {
      logFailure('Could not read the agency settings', lost, 'warn', t + second * 1000);
    }
    expect(warnings).toHaveLength(1);
    logFailure('Could not read the agency settings', lost, 'warn', t + MINUTE);
    expect(warnings[1]).toEqual([
      'Could not read the agency settings: the database is unavailable (Database client error. Retrying the connection.). (59 more times in the minute after it was last logged)',
    ]);
    // Another failure, or the same one from another place, is its own.
    logFailure('Failed to load blog posts', lost, 'error', t + MINUTE);
    expect(errors).toHaveLength(1);
  });
});

describe('isUnavailable', () => {
  it.each([
    ['a lost or refused connection', { code: 'PGRST001', status: 503 }],
    ['a request that never reached the data API', { code: '', status: 0 }],
    ['the database starting up', { code: '57P03', status: 500 }],
    ['the database shutting down', { code: '57P01', status: 503 }],
    ['too many connections', { code: '53300', status: 503 }],
    ['a connection failure', { code: '08006', status: 503 }],
  ])('holds for %s', (_, fields) => {
    expect(isUnavailable(new DataError('x', fields))).toBe(true);
  });

  it.each([
    ['no row', { code: 'PGRST116', status: 406 }],
    ['a unique violation', { code: '23505', status: 409 }],
    ['a refused permission', { code: '42501', status: 401 }],
    ['a statement that took too long', { code: '57014', status: 500 }],
  ])('does not hold for %s', (_, fields) => {
    expect(isUnavailable(new DataError('x', fields))).toBe(false);
  });

  it('does not hold for an error that is not the data’s', () => {
    expect(isUnavailable(new TypeError('fetch failed'))).toBe(false);
  });
});
