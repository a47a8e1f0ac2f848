// The agency's details in agency_settings, through the real supabase-js on PGlite and on
// PostgreSQL: anyone reads them, only an administrator writes them, and the table refuses bad
// values (the organisation number's check digit included) without losing what is stored. The
// server's own reader (the lead mails, the start's warning) sees the same row.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencyPlaceholdersInUse,
  readAgencyDetails,
} from '#server/product/leads/agency-details.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const details = {
  id: true,
  legal_name: 'Exempel Reklam AB',
  organisation_number: '556036-0793',
  street_address: 'Storgatan 5',
  postal_code: '411 38',
  city: 'Göteborg',
  contact_email: 'hej@exempelreklam.se',
  phone: '+46 31 123 45 67',
  facebook_url: 'https://www.facebook.com/exempelreklam',
  linkedin_url: null,
  instagram_url: null,
  mailerlite_account_id: '987654',
  newsletter_form_id_en: '111',
  newsletter_form_id_sv: '222',
  guide_form_id_en: '333',
  guide_form_id_sv: '444',
};

describe.each(backendKinds)('agency settings on %s', (kind) => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  let editor: SupabaseClient;
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    anon = backend.client();
    admin = await backend.signedIn();
    editor = await backend.signedInMember('editor@example.com', 'editor');
  });
  afterAll(async () => backend?.close());

  const stored = async () =>
    (await backend.db.query('select * from public.agency_settings')).rows as Array<
      Record<string, unknown>
    >;

  it('starts empty: the server names every placeholder the site shows', async () => {
    expect(await stored()).toEqual([]);
    expect(await agencyPlaceholdersInUse(backend.db, {})).toContain('organisation number');
    expect(
      await agencyPlaceholdersInUse(backend.db, { AGENCY_ORG_NUMBER: '556036-0793' }),
    ).not.toContain('organisation number');
    expect(
      (await readAgencyDetails(backend.db, { AGENCY_EMAIL: 'env@example.se' })).contactEmail,
    ).toBe('env@example.se');
  });

  it('refuses anyone and an editor, and stores nothing', async () => {
    const byAnon = await anon.from('agency_settings').upsert(details);
    expect(byAnon.error?.code).toBe('42501');
    const byEditor = await editor.from('agency_settings').upsert(details);
    expect(byEditor.error?.code).toBe('42501');
    expect(await stored()).toEqual([]);
  });

  it('lets an administrator save the details, trimmed, and anyone read them', async () => {
    const saved = await admin
      .from('agency_settings')
      .upsert({ ...details, city: '  Göteborg ', linkedin_url: '' })
      .select('city, linkedin_url')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ city: 'Göteborg', linkedin_url: null });
    const read = await anon.from('agency_settings').select('*').single();
    expect(read.data).toMatchObject({ ...details, linkedin_url: null });
    expect(await agencyPlaceholdersInUse(backend.db, {})).toEqual([]);
    expect(await readAgencyDetails(backend.db, { AGENCY_EMAIL: 'env@example.se' })).toEqual({
      legalName: 'Exempel Reklam AB',
      organisationNumber: '556036-0793',
      streetAddress: 'Storgatan 5',
      postalCode: '411 38',
      city: 'Göteborg',
      contactEmail: 'hej@exempelreklam.se',
      phone: '+46 31 123 45 67',
    });
  });

  it('refuses an editor’s and anyone’s change of the saved row', async () => {
    await editor.from('agency_settings').update({ city: 'Malmö' }).eq('id', true);
    await anon.from('agency_settings').update({ city: 'Malmö' }).eq('id', true);
    expect((await stored())[0]!.city).toBe('Göteborg');
  });

  it('keeps one row: a second is refused', async () => {
    const before = await stored();
    const { error } = await admin.from('agency_settings').insert({ ...details, id: false });
    expect(error).not.toBeNull();
    expect(await stored()).toEqual(before);
  });

  it.each([
    [
      'an organisation number with the wrong check digit',
      { organisation_number: '556036-0794' },
      /wrong check digit/,
    ],
    [
      'the placeholder organisation number',
      { organisation_number: '559000-0000' },
      /wrong check digit/,
    ],
    [
      'a malformed organisation number',
      { organisation_number: '5560360793x' },
      /organisation_number_check/,
    ],
    ['a postal code without its space', { postal_code: '41138' }, /postal_code_check/],
    ['an e-mail address without a domain', { contact_email: 'hej@' }, /contact_email_check/],
    [
      'a profile over plain http',
      { facebook_url: 'http://www.facebook.com/x' },
      /facebook_url_check/,
    ],
    ['a script address', { instagram_url: 'javascript:alert(1)' }, /instagram_url_check/],
    [
      'a MailerLite id that is not digits',
      { guide_form_id_sv: '12/../34' },
      /guide_form_id_sv_check/,
    ],
    ['an empty legal name', { legal_name: '   ' }, /legal_name_check/],
  ])('refuses %s with a message naming it, keeping what is stored', async (_, change, message) => {
    const before = await stored();
    const { error } = await admin.from('agency_settings').upsert({ ...details, ...change });
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(message);
    expect(await stored()).toEqual(before);
  });
});
