// The reads that must be whole however many rows there are, through the data API that cuts every
// read at max_rows (1,000) as hosted Supabase does, on PGlite and on PostgreSQL: the leads CSV
// export and the personal-data file of 2,500 leads, and a sitemap of 2,500 posts, every row
// present and none twice. Rows are seeded with SQL through the server's own connection.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listLeadMails } from '~/data/consultation-mails';
import { listAllLeads, listLeadsByEmail } from '~/data/consultations';
import { listPublishedPostListings } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { leadsToCsv, personalDataExport } from '~/features/leads/lead-exports';
import { buildLanguageSitemap } from '~/features/seo/sitemap';
import type { Database } from '#server/supabase/db/types.ts';
import { backendKinds, startTestBackend, type TestBackend } from '#tests/support/backend.ts';
import { deleteEveryLeadSql } from '#tests/support/leads.ts';

const LEADS = 2500;
const POSTS = 2500;

describe.each(backendKinds)('reads past max_rows on %s', (kind) => {
  let backend: TestBackend;
  let db: Database;
  let admin: AppSupabaseClient;
  let anon: AppSupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    db = backend.server.backend!.db;
    admin = (await backend.signedIn()) as unknown as AppSupabaseClient;
    anon = backend.client() as unknown as AppSupabaseClient;
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await db.exec(`${deleteEveryLeadSql} delete from public.blog_posts;`);
  });

  /** 2,500 leads from one address, each with its own problem text (the duplicate rule). */
  const seedLeads = () =>
    db.exec(`
      insert into public.consultations
        (name, email, phone_number, problems, company_name, how_found_us, language)
      select 'Lead ' || i, 'many@example.com', '+46 70 123 45 67',
             'Problem number ' || i || ' of this company.', 'Many AB', 'Google', 'swedish'
        from generate_series(1, ${LEADS}) as i`);

  it('exports every one of 2,500 leads to the CSV, and puts them with their 5,000 mails in the personal-data file, each once', async () => {
    await seedLeads();
    const leads = await listAllLeads(admin);
    expect(leads).toHaveLength(LEADS);
    expect(new Set(leads.map((lead) => lead.id)).size).toBe(LEADS);
    const names = new Set(leads.map((lead) => lead.name));
    for (let i = 1; i <= LEADS; i++) expect(names.has(`Lead ${i}`)).toBe(true);
    const lines = leadsToCsv(leads).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + LEADS);

    const ofAddress = await listLeadsByEmail(admin, 'MANY@example.com');
    expect(new Set(ofAddress.map((lead) => lead.id))).toEqual(new Set(leads.map((l) => l.id)));
    expect(ofAddress).toHaveLength(LEADS);
    const mails = await listLeadMails(
      admin,
      ofAddress.map((lead) => lead.id),
    );
    expect(new Set(mails.map((mail) => mail.id)).size).toBe(2 * LEADS);
    expect(mails).toHaveLength(2 * LEADS);
    const file = personalDataExport('many@example.com', ofAddress, mails, new Date());
    expect(file.consultations).toHaveLength(LEADS);
    expect(file.consultations.every((lead) => lead.mails.length === 2)).toBe(true);
  });

  it('lists every one of 2,500 published posts in the sitemap, each once', async () => {
    await db.exec(`
      insert into public.blog_posts
        (title, slug, content, summary, author, is_published, language, published_date)
      select 'Post ' || i, 'post-' || i, 'Some content.', 'A summary.', 'The Team', true, 'english',
             timestamptz '2026-01-01' + (i % 7) * interval '1 day'
        from generate_series(1, ${POSTS}) as i`);
    const sitemap = buildLanguageSitemap(
      'https://agency.example',
      'en',
      await listPublishedPostListings(anon),
    );
    const posts = [
      ...sitemap.matchAll(/<loc>https:\/\/agency\.example\/blog\/([^<]+)<\/loc>/g),
    ].map((match) => match[1]);
    expect(posts).toHaveLength(POSTS);
    expect(new Set(posts)).toEqual(
      new Set(Array.from({ length: POSTS }, (_, i) => `post-${i + 1}`)),
    );
  });
});
