import { describe, expect, it } from 'vitest';
import type { LeadMail } from '~/data/consultation-mails';
import type { Lead } from '~/data/consultations';
import { aStoredLead } from '#tests/support/leads.ts';
import {
  fileDate,
  leadCsvColumns,
  leadsCsvFileName,
  leadsCsvHeader,
  leadsToCsv,
  personalDataExport,
  personalDataFileName,
} from './lead-exports';

function lead(fields: Partial<Lead> = {}): Lead {
  return aStoredLead({
    id: '6f1d2c1e-0000-4000-8000-000000000001',
    name: 'Anna Svensson',
    email: 'anna@example.se',
    phone_number: '070-123 45 67',
    problems: 'We need more customers for the shop.',
    company_name: 'Anna AB',
    created_at: '2026-11-23T09:59:58.000Z',
    received_at: '2026-11-23T10:00:00.123456+00:00',
    updated_at: '2026-11-23T10:00:00.123456+00:00',
    ...fields,
  });
}

/** A heading as the CSV writes it: quoted when it holds the separator. */
const quoteIfComma = (heading: string) => (heading.includes(',') ? `"${heading}"` : heading);

/** The CSV's records, split on the CRLFs that end them (the test values hold no line breaks). */
const records = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('leadsToCsv', () => {
  it('starts with a UTF-8 byte order mark and a header of every column, each line ending CRLF', () => {
    const csv = leadsToCsv([lead()]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const [header, row, end] = records(csv);
    expect(header).toBe(
      'Received (UTC),Status,Name,E-mail,Phone,Company,Problems to solve,Additional information,' +
        'Found us through,Form language,Notes,UTM source,UTM medium,UTM campaign,UTM term,' +
        'UTM content,Referrer,Landing page,"Sent, visitor’s clock (UTC)",Last changed (UTC),Lead ID',
    );
    expect(end).toBe('');
    expect(row).toBe(
      '2026-11-23T10:00:00.123456+00:00,new,Anna Svensson,anna@example.se,070-123 45 67,Anna AB,' +
        'We need more customers for the shop.,,Google,english,,,,,,,,,' +
        '2026-11-23T09:59:58.000Z,2026-11-23T10:00:00.123456+00:00,' +
        '6f1d2c1e-0000-4000-8000-000000000001',
    );
  });

  it('writes one row per lead with its attribution, status and notes in the header’s order', () => {
    const csv = leadsToCsv([
      lead({
        name: 'Örjan Åkesson',
        company_name: 'Åkessons Städ, Väst',
        problems: 'Vi behöver fler kunder i Göteborg.',
        language: 'swedish',
        status: 'contacted',
        notes: 'Ringde 10:15.\nVill ha offert.',
        utm_source: 'facebook',
        utm_medium: 'paid-social',
        utm_campaign: 'höst-2026',
        utm_term: 'städfirma',
        utm_content: 'video "a"',
        referrer: 'https://www.facebook.com/',
        landing_page: '/sv/book-call?utm_source=facebook',
      }),
      lead({ id: 'second', name: 'Bo', phone_number: '+46701234567' }),
    ]);
    // The notes hold an LF inside quotes: split on record ends only.
    const body = csv.slice(1);
    const [header, first, second] = body.split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(header).toBe(leadsCsvHeader('standard').map(quoteIfComma).join(','));
    expect(first).toContain(
      ',contacted,Örjan Åkesson,anna@example.se,070-123 45 67,"Åkessons Städ, Väst",' +
        'Vi behöver fler kunder i Göteborg.,,Google,swedish,"Ringde 10:15.\nVill ha offert.",' +
        'facebook,paid-social,höst-2026,städfirma,"video ""a""",https://www.facebook.com/,' +
        '/sv/book-call?utm_source=facebook,',
    );
    expect(second).toContain(",Bo,anna@example.se,'+46701234567,");
  });

  it('writes a semicolon-separated file for Swedish Excel, times on the agency’s clock', () => {
    const csv = leadsToCsv(
      [
        lead({
          company_name: 'Städ; Väst',
          notes: '=SUM(A1)',
          received_at: '2026-11-23T23:30:00Z',
        }),
      ],
      'excel-sv',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = records(csv);
    expect(header).toBe(
      'Mottagen (Europe/Stockholm);Status;Namn;E-post;Telefon;Företag;Problem att lösa;' +
        'Övrig information;Hittade oss via;Formulärets språk;Anteckningar;UTM-källa;UTM-medium;' +
        'UTM-kampanj;UTM-term;UTM-innehåll;Hänvisande sida;Landningssida;' +
        '"Skickad, besökarens klocka (Europe/Stockholm)";Senast ändrad (Europe/Stockholm);Lead-id',
    );
    expect(row!.startsWith('2026-11-24 00:30:00;new;Anna Svensson;')).toBe(true);
    expect(row).toContain(';"Städ; Väst";');
    expect(row).toContain(";'=SUM(A1);");
    expect(row).toContain(';2026-11-23 10:59:58;');
    expect(leadsCsvFileName(new Date('2026-11-23T10:00:00Z'), 'excel-sv')).toBe(
      'leads-2026-11-23-excel-sv.csv',
    );
  });

  it('writes a name holding both separators and a formula as one quoted, inert cell in both dialects', () => {
    const acme = lead({ name: 'Acme;=1+1;x', company_name: '=1+1', notes: '＋SUM(A1)' });
    for (const format of ['standard', 'excel-sv'] as const) {
      const separator = format === 'standard' ? ',' : ';';
      const [, row] = records(leadsToCsv([acme], format));
      expect(row).toContain(`${separator}new${separator}"Acme;=1+1;x"${separator}`);
      expect(row).toContain(
        `${separator}anna@example.se${separator}070-123 45 67${separator}'=1+1${separator}`,
      );
      expect(row).toContain(`${separator}'＋SUM(A1)${separator}`);
    }
  });

  it('writes only the header for an empty list', () => {
    expect(records(leadsToCsv([]))).toEqual([
      leadsCsvHeader('standard').map(quoteIfComma).join(','),
      '',
    ]);
  });

  it('names every column once in each language, in the columns’ order', () => {
    for (const format of ['standard', 'excel-sv'] as const) {
      const header = leadsCsvHeader(format);
      expect(header).toHaveLength(leadCsvColumns.length);
      expect(new Set(header).size).toBe(header.length);
    }
    expect(leadsCsvHeader('standard')[0]).toBe('Received (UTC)');
    expect(leadsCsvHeader('excel-sv')[0]).toBe('Mottagen (Europe/Stockholm)');
  });

  it('writes the Excel file’s times in the zone it is given, and names that zone', () => {
    const csv = leadsToCsv(
      [lead({ received_at: '2026-11-23T23:30:00Z' })],
      'excel-sv',
      'America/New_York',
    );
    const [header, row] = records(csv);
    expect(header!.startsWith('Mottagen (America/New_York);')).toBe(true);
    expect(row!.startsWith('2026-11-23 18:30:00;')).toBe(true);
  });
});

describe('file names', () => {
  it('dates them by the agency’s calendar (Stockholm), as YYYY-MM-DD', () => {
    // 23:30 UTC on 23 November is already 24 November in Stockholm.
    expect(fileDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(leadsCsvFileName(new Date('2026-11-23T10:00:00Z'))).toBe('leads-2026-11-23.csv');
  });

  it('names a data export after the address, safe for any file system', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(personalDataFileName('Anna.Svensson@Example.se', now)).toBe(
      'lead-data-anna.svensson@example.se-2026-11-23.json',
    );
    expect(personalDataFileName('../x/"y"@ex', now)).toBe('lead-data-x-y-@ex-2026-11-23.json');
  });
});

describe('personalDataExport', () => {
  it('holds every column of each lead and the delivery state of its own mails', () => {
    const mail = (fields: Partial<LeadMail>): LeadMail => ({
      id: 'm',
      consultation_id: 'first',
      kind: 'agency_notification',
      status: 'sent',
      attempts: 1,
      next_attempt_at: '2026-11-23T10:00:00Z',
      locked_until: null,
      last_error: null,
      sent_at: '2026-11-23T10:00:05Z',
      created_at: '2026-11-23T10:00:00Z',
      ...fields,
    });
    const leads = [lead({ id: 'first' }), lead({ id: 'second', status: 'won' })];
    const data = personalDataExport(
      'anna@example.se',
      leads,
      [
        mail({}),
        mail({
          id: 'm2',
          kind: 'visitor_confirmation',
          status: 'pending',
          attempts: 2,
          last_error: 'connect ECONNREFUSED',
          sent_at: null,
        }),
        mail({ id: 'm3', consultation_id: 'second' }),
      ],
      new Date('2026-11-24T08:00:00Z'),
    );
    expect(data.email).toBe('anna@example.se');
    expect(data.exported_at).toBe('2026-11-24T08:00:00.000Z');
    expect(data.consultations).toHaveLength(2);
    expect(data.consultations[0]).toMatchObject(leads[0]!);
    expect(data.consultations[0]!.mails).toEqual([
      {
        kind: 'agency_notification',
        status: 'sent',
        attempts: 1,
        last_error: null,
        sent_at: '2026-11-23T10:00:05Z',
        created_at: '2026-11-23T10:00:00Z',
      },
      {
        kind: 'visitor_confirmation',
        status: 'pending',
        attempts: 2,
        last_error: 'connect ECONNREFUSED',
        sent_at: null,
        created_at: '2026-11-23T10:00:00Z',
      },
    ]);
    expect(data.consultations[1]!.status).toBe('won');
    expect(data.consultations[1]!.mails).toHaveLength(1);
  });
});
