// Leads stored straight into the database, for contract tests that need leads to act on
// (booking, mails) without going through the form and its per-address limits.
import type { Database } from '#server/db/types.ts';

/** Stores `count` leads, each with its own address (a repeat would be dropped as spam), and answers their ids. */
export async function insertLeads(db: Database, count: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.consultations
       (name, email, phone_number, problems, company_name, how_found_us)
     select 'Lead ' || n, 'lead' || n || '.' || gen_random_uuid() || '@example.se',
            '070-000 00 00', 'We need more qualified leads for our business.',
            'Company ' || n, 'Google'
       from generate_series(1, $1::int) as n
     returning id`,
    [count],
  );
  return rows.map((row) => row.id);
}
