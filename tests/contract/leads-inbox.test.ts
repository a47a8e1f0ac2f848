// The leads inbox's data functions (app/data/consultations.ts, consultation-mails.ts) through the
// real supabase-js against the embedded backend, on PGlite and PostgreSQL: order, paging, the
// status filter, a search that no typed character can break or widen, the GDPR look-up by
// address, and a delete that takes the lead's mails with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLeadMails } from '~/data/consultation-mails.ts';
import {
  countNewLeads,
  deleteLead,
  listLeads,
  listLeadsByEmail,
  updateLead,
  type Lead,
} from '~/data/consultations.ts';
import { DataError } from '~/data/errors.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLead } from '../support/leads.ts';

/** Names and companies chosen so each hostile search has exactly one right answer. */
const people = [
  { name: 'Anna Svensson', email: 'anna@example.se', company: 'Anna Städ AB' },
  { name: 'Percent Person', email: 'p@example.com', company: '100% Growth' },
  { name: 'Under Score', email: 'under_score@example.com', company: 'U AB' },
  { name: 'Undexscore', email: 'undexscore@example.com', company: 'X AB' },
  { name: 'Comma, Paren (Quote "Q")', email: 'cpq@example.com', company: 'C AB' },
  { name: 'Back\\slash', email: 'back@example.com', company: 'B AB' },
  { name: 'Star*Person', email: 'star@example.com', company: 'S AB' },
  { name: 'Anna Upper', email: 'ANNA@EXAMPLE.SE', company: 'Second Anna AB' },
  { name: 'Not Anna', email: 'anna@example.se.evil.com', company: 'Lookalike AB' },
];

describe.each(backendKinds)('the leads inbox’s data on %s', (kind) => {
  let backend: TestBackend;
  let admin: AppSupabaseClient;
  let anon: AppSupabaseClient;
  /** The stored leads, oldest first. */
  let stored: Lead[];

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    admin = (await backend.signedIn()) as AppSupabaseClient;
    anon = backend.client() as AppSupabaseClient;
    // The service role is not held to the per-IP limit, so the setup can store more than five.
    const service = backend.client(backend.serviceRoleKey) as AppSupabaseClient;
    for (const [index, person] of people.entries()) {
      const { error } = await service.from('consultations').insert(
        aLead({
          name: person.name,
          email: person.email,
          problems: `Lead number ${index} needs more customers.`,
          company_name: person.company,
        }),
      );
      if (error) throw error;
    }
    stored = (await listLeads(admin, { limit: 100 })).leads.reverse();
  });
  afterAll(async () => backend?.close());

  const namesOf = (leads: Lead[]) => leads.map((lead) => lead.name);

  it('lists newest first in pages, with the total of all that match', async () => {
    expect(namesOf(stored)).toEqual(people.map((person) => person.name));
    const first = await listLeads(admin, { offset: 0, limit: 4 });
    const second = await listLeads(admin, { offset: 4, limit: 4 });
    expect(first.total).toBe(people.length);
    expect(namesOf(first.leads)).toEqual(namesOf(stored).reverse().slice(0, 4));
    expect(namesOf(second.leads)).toEqual(namesOf(stored).reverse().slice(4, 8));
  });

  it.each([
    ['anna', ['Not Anna', 'Anna Upper', 'Anna Svensson']],
    ['sTäd', ['Anna Svensson']],
    ['%', ['Percent Person']],
    ['_', ['Under Score']],
    ['under_', ['Under Score']],
    ['Comma, Paren (Quote "Q")', ['Comma, Paren (Quote "Q")']],
    [', Paren (', ['Comma, Paren (Quote "Q")']],
    ['"Q")', ['Comma, Paren (Quote "Q")']],
    ['k\\s', ['Back\\slash']],
    ['\\', ['Back\\slash']],
    ['r*P', ['Star*Person']],
    ['*', ['Star*Person']],
    ['nobody),id.neq.(0', []],
  ])('searches for %j and finds only what contains it', async (search, expected) => {
    const page = await listLeads(admin, { search });
    expect(namesOf(page.leads)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('filters by status, counts the new leads, and saves status and notes', async () => {
    const anna = stored[0]!;
    expect(await countNewLeads(admin)).toBe(people.length);
    const saved = await updateLead(admin, anna.id, { status: 'won', notes: 'Signed, 12 months.' });
    expect(saved).toMatchObject({ id: anna.id, status: 'won', notes: 'Signed, 12 months.' });
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(anna.updated_at));
    expect(await countNewLeads(admin)).toBe(people.length - 1);
    expect(namesOf((await listLeads(admin, { status: 'won' })).leads)).toEqual(['Anna Svensson']);
    expect(namesOf((await listLeads(admin, { status: 'won', search: 'upper' })).leads)).toEqual([]);
    await updateLead(admin, anna.id, { status: 'new', notes: null });
  });

  it('refuses a status outside the pipeline, and every change from anon', async () => {
    const anna = stored[0]!;
    await expect(
      updateLead(admin, anna.id, { status: 'maybe' as 'new', notes: null }),
    ).rejects.toBeInstanceOf(DataError);
    await expect(updateLead(anon, anna.id, { status: 'won', notes: null })).rejects.toBeInstanceOf(
      DataError,
    );
    await expect(countNewLeads(anon)).rejects.toBeInstanceOf(DataError);
  });

  it('finds every lead of one address, exactly but in any case, oldest first', async () => {
    expect(namesOf(await listLeadsByEmail(admin, ' Anna@Example.SE '))).toEqual([
      'Anna Svensson',
      'Anna Upper',
    ]);
    // `_` matches itself only, not any character.
    expect(namesOf(await listLeadsByEmail(admin, 'under_score@example.com'))).toEqual([
      'Under Score',
    ]);
    expect(await listLeadsByEmail(admin, 'undexscore@example.co')).toEqual([]);
    expect(await listLeadsByEmail(admin, '%@example.com')).toEqual([]);
  });

  it('reads both mails of each lead, and a delete takes them with the lead', async () => {
    const [first, second] = stored;
    const mails = await listLeadMails(admin, [first!.id, second!.id]);
    expect(mails).toHaveLength(4);
    expect(
      mails
        .filter((mail) => mail.consultation_id === second!.id)
        .map((mail) => mail.kind)
        .sort(),
    ).toEqual(['agency_notification', 'visitor_confirmation']);
    expect(await listLeadMails(admin, [])).toEqual([]);

    await deleteLead(admin, second!.id);
    expect(await listLeadMails(admin, [second!.id])).toEqual([]);
    expect(await listLeadMails(admin, [first!.id])).toHaveLength(2);
    expect((await listLeads(admin, { search: 'Percent' })).leads).toEqual([]);
  });
});
