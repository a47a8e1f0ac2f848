// The digest's words for a lead held past the form's limits: the owner reads that it waits to be
// released or deleted, beside the leads that were mailed as usual.
import { describe, expect, it } from 'vitest';
import { composeLeadDigest, type DigestLead } from './lead-digest.ts';

const lead = (name: string, held: string): DigestLead => ({
  id: `00000000-0000-4000-8000-00000000000${held === 'true' ? 1 : 2}`,
  name,
  company_name: `${name} AB`,
  source: 'facebook',
  status: 'new',
  received_at: '2026-11-26T19:00:00Z',
  owner_email: null,
  held,
});

describe('composeLeadDigest', () => {
  it('marks a held lead, and only that one', () => {
    const mail = composeLeadDigest(
      {
        day: '2026-11-27',
        timeZone: 'Europe/Stockholm',
        periodStart: '2026-11-26T07:00:00Z',
        periodEnd: '2026-11-27T07:00:00Z',
        newLeads: [lead('Held Person', 'true'), lead('Usual Person', 'false')],
        overdueLeads: [],
        meetings: [],
      },
      { to: ['owner@example.se'] },
    );
    const lines = mail.text.split('\n');
    expect(lines.find((line) => line.includes('Held Person'))).toMatch(
      /, no owner, HELD past the form’s limits: release or delete it$/,
    );
    expect(lines.find((line) => line.includes('Usual Person'))).toMatch(/, no owner$/);
    expect(mail.html).toContain('HELD past the form’s limits: release or delete it');
  });
});
