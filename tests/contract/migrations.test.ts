import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/types.ts';
import {
  backendKinds,
  createTempDir,
  createTestDatabase,
  type BackendKind,
} from '../support/databases.ts';

async function open(kind: BackendKind): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const temp = await createTempDir();
    const db = await openPglite(temp.dir);
    return { db, cleanup: async () => (await db.close(), await temp.cleanup()) };
  }
  const database = await createTestDatabase();
  const db = await openPostgres(database.url);
  return { db, cleanup: async () => (await db.close(), await database.drop()) };
}

const validConsultation = {
  name: 'Anna Svensson',
  email: 'anna@example.se',
  phone_number: '+46 70 123 45 67',
  problems: 'We need more customers for our plumbing business.',
  additional_info: null,
  company_name: 'Svensson VVS',
  how_found_us: 'Google',
  language: 'swedish',
};

const validPost = {
  slug: 'a-post',
  title: 'A post',
  summary: 'A summary.',
  content: 'Some **Markdown**.',
  is_published: true,
  published_date: '2026-11-01T10:00:00Z',
};

describe.each(backendKinds)('migrations on %s', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await open(kind)));
  afterAll(async () => cleanup?.());

  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row).join(', ');
    return db.query(
      `insert into public.${table} (${columns}) select ${columns} from json_populate_record(null::public.${table}, $1)`,
      [JSON.stringify(row)],
    );
  };
  const refusal = (table: string, row: Record<string, unknown>) =>
    insert(table, row).then(
      () => 'accepted',
      (error: { code?: string }) => error.code,
    );

  it('applies every migration on a fresh database, and nothing the second time', async () => {
    const first = await migrate(db);
    expect(first.fresh).toBe(true);
    expect(first.applied).toEqual([
      '20261121080000_create_consultations.sql',
      '20261121080100_create_blog_posts.sql',
    ]);
    expect(await migrate(db)).toEqual({ applied: [], fresh: false });
  });

  it('enables row-level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: string }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'blog_posts', relrowsecurity: 't' },
      { relname: 'consultations', relrowsecurity: 't' },
    ]);
  });

  it('accepts a valid consultation and a valid post', async () => {
    expect(await refusal('consultations', validConsultation)).toBe('accepted');
    expect(await refusal('blog_posts', validPost)).toBe('accepted');
    const { rows } = await db.query<{ author: string; language: string }>(
      `select author, language from blog_posts where slug = 'a-post'`,
    );
    expect(rows[0]).toEqual({ author: 'Nordic Lead Agency Team', language: 'english' });
  });

  it.each([
    ['problems under 20 characters after trimming', { problems: '   too short text    ' }],
    ['an unknown how_found_us', { how_found_us: 'Twitter' }],
    ['a language other than english or swedish', { language: 'german' }],
    ['an email without a dot after the @', { email: 'anna@example' }],
    ['an email with a space', { email: 'anna @example.se' }],
    ['a blank name', { name: '   ' }],
    ['an oversized name', { name: 'x'.repeat(201) }],
    ['oversized additional_info', { additional_info: 'x'.repeat(5001) }],
  ])('refuses a consultation with %s', async (_, change) => {
    expect(await refusal('consultations', { ...validConsultation, ...change })).toBe('23514');
  });

  it('refuses a consultation with a missing required field', async () => {
    expect(await refusal('consultations', { ...validConsultation, phone_number: null })).toBe(
      '23502',
    );
  });

  it.each([
    ['an uppercase slug', { slug: 'Bad-Slug' }],
    ['a slug with a space', { slug: 'bad slug' }],
    ['a published post without a date', { slug: 'p1', published_date: null }],
    ['a draft with a date', { slug: 'p2', is_published: false }],
    [
      'a hero image that is not an http(s) URL',
      { slug: 'p3', hero_image_url: 'javascript:alert(1)' },
    ],
    ['an oversized title', { slug: 'p4', title: 'x'.repeat(301) }],
    ['a language other than english or swedish', { slug: 'p5', language: 'norwegian' }],
  ])('refuses a post with %s', async (_, change) => {
    expect(await refusal('blog_posts', { ...validPost, ...change })).toBe('23514');
  });

  it('refuses a duplicate slug', async () => {
    expect(await refusal('blog_posts', validPost)).toBe('23505');
  });
});
