// The migrations on a fresh database of each kind: applied once and only once, row-level security
// on every table, the constraints a hand-made insert meets, hosted Supabase's roles and defaults,
// and what Supabase's database linter checks.
// Long because every rule here is read from the same migrated database, opened once per kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import type { Database } from '#server/supabase/db/types.ts';
import {
  backendKinds,
  createTempDir,
  createTestDatabase,
  type BackendKind,
} from '../support/databases.ts';
import { aLead } from '../support/leads.ts';
import { postInput } from '../support/posts.ts';

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

const validConsultation = aLead({ language: 'swedish' });

const validPost = postInput('a-post');

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
      '20261123090000_add_lead_management_to_consultations.sql',
      '20261123090100_add_consultation_spam_rules.sql',
      '20261123090200_create_consultation_mails.sql',
      '20261123090300_schedule_consultation_retention.sql',
      '20261123100000_add_reading_minutes_to_blog_posts.sql',
      '20261123110000_add_translation_group_to_blog_posts.sql',
      '20261124100000_schedule_blog_posts.sql',
      '20261124100100_create_blog_post_revisions.sql',
      '20261124120000_create_blog_images_bucket.sql',
      '20261125090000_create_team_members.sql',
      '20261125090100_pass_the_database_linter.sql',
      '20261125100000_require_the_second_factor_for_leads.sql',
      '20261125120000_create_agency_settings.sql',
      '20261125131400_create_cookie_consents.sql',
      '20261125143000_create_meta_lead_events.sql',
      '20261125150000_create_page_views.sql',
      '20261125160000_add_owner_and_source_to_consultations.sql',
      '20261125160100_create_lead_events.sql',
      '20261125160200_create_lead_digests.sql',
      '20261125170000_create_booking_settings.sql',
      '20261125170100_create_meetings.sql',
      '20261125171000_record_meetings_in_lead_history.sql',
      '20261125171100_create_meeting_mails.sql',
      '20261125175000_delete_stale_leads_mails_first.sql',
      '20261125190000_limit_public_writes_per_address.sql',
      '20261125191000_cancelled_call_unbooks_the_lead.sql',
      '20261125193000_derive_receipt_and_queued_mails_in_history.sql',
      '20261126100000_limit_page_views_per_address.sql',
      '20261126100100_roll_up_page_views.sql',
      '20261126110000_limit_bookings_per_lead_address_and_day.sql',
      '20261126110100_cap_meeting_mails_per_lead.sql',
      '20261126110200_let_administrators_release_meetings.sql',
      '20261126130000_queue_meta_lead_events_from_the_server.sql',
      '20261127120000_hold_leads_over_the_limit.sql',
      '20261127120100_count_public_page_views_only.sql',
      '20261127140000_let_the_agency_move_cancel_and_keep_call_links.sql',
      '20261127150000_skip_empty_lead_digests.sql',
      '20261127160000_create_team_events.sql',
      '20261127170000_let_administrators_move_a_call_past_the_visitors_bounds.sql',
      '20261127180000_notify_page_changes.sql',
      '20261127193100_create_job_runs.sql',
    ]);
    expect(await migrate(db)).toEqual({ applied: [], fresh: false });
  });

  it('enables row-level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: string }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'agency_settings', relrowsecurity: 't' },
      { relname: 'blog_post_revisions', relrowsecurity: 't' },
      { relname: 'blog_posts', relrowsecurity: 't' },
      { relname: 'booking_settings', relrowsecurity: 't' },
      { relname: 'consultation_mails', relrowsecurity: 't' },
      { relname: 'consultations', relrowsecurity: 't' },
      { relname: 'cookie_consents', relrowsecurity: 't' },
      { relname: 'lead_digests', relrowsecurity: 't' },
      { relname: 'lead_events', relrowsecurity: 't' },
      { relname: 'meeting_mails', relrowsecurity: 't' },
      { relname: 'meetings', relrowsecurity: 't' },
      { relname: 'meta_lead_events', relrowsecurity: 't' },
      { relname: 'page_view_rollups', relrowsecurity: 't' },
      { relname: 'page_views', relrowsecurity: 't' },
      { relname: 'team_events', relrowsecurity: 't' },
      { relname: 'team_members', relrowsecurity: 't' },
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
  ])('refuses a consultation with %s', async (name, change) => {
    // Each case from its own address: a repeat of an earlier lead is dropped before any check.
    const email = `${name.replace(/[^a-z0-9]+/gi, '-')}@example.se`;
    expect(await refusal('consultations', { ...validConsultation, email, ...change })).toBe(
      '23514',
    );
  });

  it('refuses a consultation with a missing required field', async () => {
    const row = { ...validConsultation, email: 'no-phone@example.se', phone_number: null };
    expect(await refusal('consultations', row)).toBe('23502');
  });

  it('stores text trimmed, an empty additional_info as null, and times from its own clock', async () => {
    const row = {
      ...validConsultation,
      name: '  Bo Ek ',
      email: ' bo@example.se \t',
      phone_number: ' 070 ',
      company_name: ' Ek AB ',
      problems: '  We need more customers for our bakery.  ',
      additional_info: '   ',
      utm_source: ' ',
      landing_page: ' /?utm_source=x ',
      created_at: '2020-01-01T00:00:00Z',
    };
    expect(await refusal('consultations', row)).toBe('accepted');
    const { rows } = await db.query<Record<string, string | null>>(
      `select name, email, phone_number, company_name, problems, additional_info, utm_source,
         landing_page, status, received_at > now() - interval '1 minute' as fresh,
         updated_at = received_at as same, created_at::date::text as created
       from consultations where email = 'bo@example.se'`,
    );
    expect(rows).toEqual([
      {
        name: 'Bo Ek',
        email: 'bo@example.se',
        phone_number: '070',
        company_name: 'Ek AB',
        problems: 'We need more customers for our bakery.',
        additional_info: null,
        utm_source: null,
        landing_page: '/?utm_source=x',
        status: 'new',
        fresh: 't',
        same: 't',
        // created_at is the browser's; received_at is the server's.
        created: '2020-01-01',
      },
    ]);
  });

  it('stores one row for the same address and problems within ten minutes', async () => {
    const row = { ...validConsultation, email: 'Twice@Example.se' };
    expect(await refusal('consultations', row)).toBe('accepted');
    expect(await refusal('consultations', { ...row, email: ' twice@example.se ' })).toBe(
      'accepted',
    );
    const count = async () =>
      (
        await db.query<{ n: string }>(
          `select count(*) as n from consultations where lower(email) = 'twice@example.se'`,
        )
      ).rows[0]!.n;
    expect(await count()).toBe('1');
    // Other problems are another request; so is the same one eleven minutes later.
    expect(
      await refusal('consultations', { ...row, problems: 'Another problem entirely, twenty+.' }),
    ).toBe('accepted');
    expect(await count()).toBe('2');
    await db.query(
      `update consultations set received_at = received_at - interval '11 minutes' where lower(email) = 'twice@example.se'`,
    );
    expect(await refusal('consultations', row)).toBe('accepted');
    expect(await count()).toBe('3');
  });

  it('queues two mails in the same transaction as each stored lead, and none for a repeat', async () => {
    const row = { ...validConsultation, email: 'mails@example.se' };
    await insert('consultations', row);
    await insert('consultations', row);
    const { rows } = await db.query<{ kind: string; status: string }>(
      `select m.kind, m.status from consultation_mails m join consultations c on c.id = m.consultation_id
       where c.email = 'mails@example.se' order by kind`,
    );
    expect(rows).toEqual([
      { kind: 'agency_notification', status: 'pending' },
      { kind: 'visitor_confirmation', status: 'pending' },
    ]);
    await db.query(`delete from consultations where email = 'mails@example.se'`);
    const left = await db.query(
      `select 1 from consultation_mails m where not exists (select 1 from consultations c where c.id = m.consultation_id)`,
    );
    expect(left.rows).toEqual([]);
  });

  it('refuses a status outside the pipeline', async () => {
    const row = { ...validConsultation, email: 'status@example.se', status: 'maybe' };
    expect(await refusal('consultations', row)).toBe('23514');
  });

  it('keeps the API away from the private schema and its functions', async () => {
    const { rows } = await db.query<{ role: string; usage: string; run: string }>(
      `select r as role, has_schema_privilege(r, 'private', 'usage')::text as usage,
         has_function_privilege(r, 'private.delete_stale_consultations(timestamptz)', 'execute')::text as run
       from unnest(array['anon', 'authenticated']) r order by r`,
    );
    expect(rows).toEqual([
      { role: 'anon', usage: 'false', run: 'false' },
      { role: 'authenticated', usage: 'false', run: 'false' },
    ]);
  });

  describe('the roles and defaults of hosted Supabase', () => {
    it('grants a new public table to no API role until a migration says so', async () => {
      await db.exec('create table public.a_new_table (id int primary key)');
      try {
        const { rows } = await db.query<{ role: string; granted: string }>(
          `select r as role, has_table_privilege(r, 'public.a_new_table', 'select')::text as granted
             from unnest(array['anon', 'authenticated', 'service_role']) r order by r`,
        );
        expect(rows.map((row) => row.granted)).toEqual(['false', 'false', 'false']);
      } finally {
        await db.exec('drop table public.a_new_table');
      }
    });

    it('lets anon and authenticated inherit, as hosted Supabase does', async () => {
      const { rows } = await db.query<{ rolname: string; rolinherit: string }>(
        `select rolname, rolinherit::text from pg_roles
          where rolname in ('anon', 'authenticated') order by rolname`,
      );
      expect(rows).toEqual([
        { rolname: 'anon', rolinherit: 'true' },
        { rolname: 'authenticated', rolinherit: 'true' },
      ]);
    });

    it('keeps pgcrypto and uuid-ossp in the extensions schema where the engine has them', async () => {
      const { rows } = await db.query<{ extname: string; schema: string }>(
        `select e.extname, n.nspname as schema from pg_extension e
           join pg_namespace n on n.oid = e.extnamespace
          where e.extname in ('pgcrypto', 'uuid-ossp') order by 1`,
      );
      if (kind === 'postgres') {
        expect(rows).toEqual([
          { extname: 'pgcrypto', schema: 'extensions' },
          { extname: 'uuid-ossp', schema: 'extensions' },
        ]);
      } else {
        expect(rows.every((row) => row.schema === 'extensions')).toBe(true);
      }
    });
  });

  describe("what Supabase's database linter checks", () => {
    it('every function of the migrations fixes its search_path (function_search_path_mutable)', async () => {
      const { rows } = await db.query<{ name: string }>(
        `select format('%I.%I', n.nspname, p.proname) as name
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'private', 'authz')
            and not exists (select from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
          order by 1`,
      );
      expect(rows).toEqual([]);
    });

    it('no policy lets every row through (rls_policy_always_true)', async () => {
      const { rows } = await db.query<{ policy: string }>(
        `select format('%s on %I.%I', policyname, schemaname, tablename) as policy
           from pg_policies
          where schemaname in ('public', 'storage')
            and (trim(qual) = 'true' or trim(with_check) = 'true')`,
      );
      expect(rows).toEqual([]);
    });

    it('no public bucket can be listed by anyone (public_bucket_allows_listing)', async () => {
      const { rows } = await db.query<{ policyname: string }>(
        `select policyname from pg_policies
          where schemaname = 'storage' and tablename = 'objects' and cmd in ('SELECT', 'ALL')
            and roles && array['anon', 'public']::name[]`,
      );
      expect(rows).toEqual([]);
    });
  });

  it("lets policies ask a signed-in user's team role, and nobody set it through the API", async () => {
    const { rows } = await db.query<{ role: string; usage: string; run: string; definer: string }>(
      `select r as role, has_schema_privilege(r, 'authz', 'usage')::text as usage,
         has_function_privilege(r, 'authz.is_admin()', 'execute')::text as run,
         (select prosecdef::text from pg_proc where oid = 'authz.team_role()'::regprocedure) as definer
       from unnest(array['anon', 'authenticated']) r order by r`,
    );
    expect(rows).toEqual([
      { role: 'anon', usage: 'false', run: 'false', definer: 'true' },
      { role: 'authenticated', usage: 'true', run: 'true', definer: 'true' },
    ]);
  });

  it.each([
    ['an uppercase slug', { slug: 'Bad-Slug' }],
    ['a slug with a space', { slug: 'bad slug' }],
    ['a published post without a date', { slug: 'p1', published_date: null }],
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
