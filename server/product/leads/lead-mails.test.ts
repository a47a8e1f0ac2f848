// The two mails a new lead sends: the agency's notification and the visitor's confirmation.
// Long because both are read whole from one lead (every field, its escaping, headers that cannot
// be injected, both languages, the agency's details and zone), which is clearest in one place.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { toNodemailerMessage, type MailAddress } from '#server/mail.ts';
import {
  composeAgencyNotification,
  composeVisitorConfirmation,
  escapeHtml,
  type Lead,
} from './lead-mails.ts';

const lead: Lead = {
  id: '7f0c1c5e-3f41-4d0b-9a57-2d7e0f6c1a11',
  name: 'Erik Lund',
  email: 'erik@lundbygg.se',
  phone_number: '070-123 45 67',
  company_name: 'Lund Bygg & Söner AB',
  problems: 'We get too few enquiries in the winter months.\nAnd our ads cost too much.',
  how_found_us: 'Friend Referral',
  additional_info: 'Call after 3 pm, please <not before>.',
  language: 'english',
  created_at: '2026-11-23T09:04:59.000Z',
  received_at: '2026-11-23T09:05:02.123Z',
  status: 'new',
  utm_source: 'facebook',
  utm_medium: 'paid_social',
  utm_campaign: 'winter-2026',
  utm_term: 'builders stockholm',
  utm_content: 'carousel-b',
  referrer: 'https://www.facebook.com/',
  landing_page: '/sv/book-call?utm_source=facebook',
};

const swedishLead: Lead = { ...lead, language: 'swedish', name: 'Åsa Öberg' };

/** The raw message nodemailer would put on the wire. */
async function render(mail: ReturnType<typeof composeAgencyNotification>): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(
    toNodemailerMessage(
      { ...mail, identity: { id: lead.id, queuedAt: new Date() } },
      { from: 'Nordic Lead Agency <no-reply@agency.example>', siteUrl: 'https://agency.example' },
    ),
  );
  return (info.message as Buffer).toString('utf8');
}

function headersOf(raw: string): string[] {
  return raw.split(/\r\n\r\n/)[0]!.split(/\r\n(?![ \t])/);
}

describe('the agency notification', () => {
  const mail = composeAgencyNotification(lead, {
    to: ['leads@agency.example', 'sales@agency.example'],
    siteUrl: 'https://agency.example',
    timeZone: 'Europe/Stockholm',
  });

  it('goes to the chosen addresses with Reply-To the visitor', () => {
    expect(mail.to).toEqual(['leads@agency.example', 'sales@agency.example']);
    expect(mail.replyTo).toEqual({ name: 'Erik Lund', address: 'erik@lundbygg.se' });
    expect(mail.subject).toBe('New lead: Erik Lund, Lund Bygg & Söner AB');
  });

  it('lists every field of the lead and its attribution, in the text and the HTML', () => {
    const values = [
      lead.name,
      lead.email,
      lead.phone_number,
      lead.company_name,
      'We get too few enquiries in the winter months.',
      'And our ads cost too much.',
      lead.how_found_us,
      lead.additional_info!,
      'English',
      '23 Nov 2026, 10:05 CET',
      '23 Nov 2026, 10:04 CET',
      'new',
      lead.utm_source!,
      lead.utm_medium!,
      lead.utm_campaign!,
      lead.utm_term!,
      lead.utm_content!,
      lead.referrer!,
      lead.landing_page!,
      lead.id,
    ];
    for (const value of values) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(escapeHtml(value));
    }
    for (const label of [
      'Phone number',
      'How they found us',
      'Additional information',
      'Language',
      'Received',
      'Status',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM term',
      'UTM content',
      'Referrer',
      'Landing page',
    ]) {
      expect(mail.text).toContain(`${label}:`);
    }
  });

  it('links the lead’s own page on the public address, and says where it is without one', () => {
    expect(mail.text).toContain(`https://agency.example/admin/leads/${lead.id}`);
    expect(mail.html).toContain(`<a href="https://agency.example/admin/leads/${lead.id}">`);
    const withoutSite = composeAgencyNotification(lead, {
      to: ['leads@agency.example'],
      timeZone: 'Europe/Stockholm',
    });
    expect(withoutSite.text).toContain('/admin/leads');
    expect(withoutSite.html).not.toContain('<a ');
  });

  it('marks missing optional fields with a dash', () => {
    const bare = composeAgencyNotification(
      {
        ...lead,
        additional_info: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        referrer: null,
        landing_page: null,
      },
      { to: ['leads@agency.example'], timeZone: 'Europe/Stockholm' },
    );
    expect(bare.text).toContain('Additional information: —');
    expect(bare.text).toContain('UTM source: —');
    expect(bare.text).toContain('Landing page: —');
  });

  it('escapes what the visitor typed in the HTML and never turns it into a link', () => {
    const hostile = composeAgencyNotification(
      {
        ...lead,
        name: '<img src=x onerror=alert(1)>',
        referrer: 'javascript:alert(1)',
        landing_page: '"><script>alert(1)</script>',
      },
      {
        to: ['leads@agency.example'],
        siteUrl: 'https://agency.example',
        timeZone: 'Europe/Stockholm',
      },
    );
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile.html).not.toContain('href="javascript');
  });

  it('cannot be made to carry extra headers by line breaks in the name or company', async () => {
    const raw = await render(
      composeAgencyNotification(
        {
          ...lead,
          name: 'Mallory\r\nBcc: victim@example.com',
          company_name: 'Evil AB\nX-Injected: yes',
        },
        { to: ['leads@agency.example'], timeZone: 'Europe/Stockholm' },
      ),
    );
    const headers = headersOf(raw);
    expect(headers.some((line) => /^(Bcc|X-Injected):/i.test(line))).toBe(false);
    const subject = headers.find((line) => line.startsWith('Subject:'))!;
    expect(subject).toBe(
      'Subject: New lead: Mallory Bcc: victim@example.com, Evil AB X-Injected: yes',
    );
    const replyTo = headers.find((line) => line.startsWith('Reply-To:'))!;
    expect(replyTo).toMatch(/<erik@lundbygg\.se>$/);
    expect(replyTo).not.toMatch(/[\r\n]/);
  });

  it('carries a Message-ID made of the outbox row id and the site host', async () => {
    const raw = await render(mail);
    expect(headersOf(raw)).toContain(`Message-ID: <${lead.id}@agency.example>`);
  });
});

describe('the visitor confirmation', () => {
  it('thanks the visitor in English, promises contact within 24 hours and lists the three steps', () => {
    const mail = composeVisitorConfirmation(lead);
    expect(mail.to).toEqual({
      name: 'Erik Lund',
      address: 'erik@lundbygg.se',
    } satisfies MailAddress);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.subject).toBe('Thank you for your request – Nordic Lead Agency');
    expect(mail.text).toContain('Hi Erik Lund,');
    expect(mail.text).toContain('will contact you within 24 hours');
    expect(mail.text).toContain('What happens next?');
    expect(mail.text).toContain(
      '1. We review your request and prepare a custom strategy for your business.',
    );
    expect(mail.text).toContain(
      '2. Our team contacts you to schedule your free 30-minute strategy call.',
    );
    expect(mail.text).toContain('3. We show you how to fill your calendar with quality customers.');
    expect(mail.text).toContain('Nordic Lead Agency');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html!.match(/<li>/g)).toHaveLength(3);
  });

  it('speaks Swedish to a visitor who filled in the Swedish form', () => {
    const mail = composeVisitorConfirmation(swedishLead);
    expect(mail.subject).toBe('Tack för din förfrågan – Nordic Lead Agency');
    expect(mail.text).toContain('Hej Åsa Öberg!');
    expect(mail.text).toContain('kontaktar dig inom 24 timmar');
    expect(mail.text).toContain('Vad händer nu?');
    expect(mail.text).toContain(
      '1. Vi går igenom din förfrågan och tar fram en skräddarsydd strategi för ditt företag.',
    );
    expect(mail.text).toContain(
      '2. Vårt team kontaktar dig för att boka ditt kostnadsfria strategisamtal på 30 minuter.',
    );
    expect(mail.text).toContain('3. Vi visar hur du fyller din kalender med kvalitetskunder.');
    expect(mail.text).toContain('Teamet på Nordic Lead Agency');
    expect(mail.text).not.toMatch(/Thank you|What happens next|within 24 hours/);
    expect(mail.html).toContain('<html lang="sv">');
  });

  it("signs with the company's details and sends a reply to the agency's contact address", () => {
    const agency = {
      legalName: 'Exempel Reklam AB',
      organisationNumber: '556036-0793',
      streetAddress: 'Storgatan 5',
      postalCode: '411 38',
      city: 'Göteborg',
      contactEmail: 'hej@exempelreklam.se',
      phone: '+46 31 123 45 67',
    };
    const mail = composeVisitorConfirmation(swedishLead, agency);
    expect(mail.replyTo).toEqual({ name: 'Exempel Reklam AB', address: 'hej@exempelreklam.se' });
    expect(mail.text).toContain(
      [
        'Teamet på Nordic Lead Agency',
        'Exempel Reklam AB',
        'Org.nr 556036-0793',
        'Storgatan 5, 411 38 Göteborg',
        'Telefon +46 31 123 45 67',
        'E-post hej@exempelreklam.se',
      ].join('\n'),
    );
    expect(mail.html).toContain('Org.nr 556036-0793<br>Storgatan 5, 411 38 Göteborg');
    const english = composeVisitorConfirmation(lead, { ...agency, phone: null });
    expect(english.text).toContain('Org. no. 556036-0793');
    expect(english.text).not.toContain('Phone');
  });

  it('leaves out details set nowhere, and the Reply-To without a contact address', () => {
    const none = {
      legalName: null,
      organisationNumber: null,
      streetAddress: null,
      postalCode: null,
      city: null,
      contactEmail: null,
      phone: null,
    };
    const mail = composeVisitorConfirmation(lead, none);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('The team at Nordic Lead Agency\n\n--');
  });

  it('keeps a name with line breaks on one line and escapes it in the HTML', () => {
    const mail = composeVisitorConfirmation({ ...lead, name: '<b>Eve</b>\r\nBcc: x@y.se' });
    expect(mail.to).toEqual({ name: '<b>Eve</b> Bcc: x@y.se', address: lead.email });
    expect(mail.text).toContain('Hi <b>Eve</b> Bcc: x@y.se,');
    expect(mail.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt; Bcc: x@y.se,');
  });
});

describe('the agency notification’s times', () => {
  it('are in the agency’s zone with the zone named, whatever offset the database used', () => {
    const mail = composeAgencyNotification(
      { ...lead, received_at: '2026-06-23T10:05:59.999+01:00', created_at: '2026-06-23T09:04:00Z' },
      { to: ['leads@agency.example'], timeZone: 'Europe/Stockholm' },
    );
    expect(mail.text).toContain('Received: 23 Jun 2026, 11:05 CEST');
    expect(mail.text).toContain('Submitted (visitor’s clock): 23 Jun 2026, 11:04 CEST');
    expect(mail.text).not.toContain('UTC');
  });

  it('follow the zone the agency chose', () => {
    const mail = composeAgencyNotification(lead, {
      to: ['leads@agency.example'],
      timeZone: 'America/New_York',
    });
    expect(mail.text).toContain('Received: 23 Nov 2026, 04:05 GMT-5');
    expect(mail.html).toContain('23 Nov 2026, 04:05 GMT-5');
  });
});
