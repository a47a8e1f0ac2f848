// @vitest-environment jsdom
// The privacy policy page in both languages: its fifteen sections, what it says of each processing
// tool only while the tool is in use, the controller's details, and the language switch.
// Long because each section's facts are checked in English and in Swedish against the same settings.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { enhanceBackButtons } from '~/enhance/links';
import { policySectionIds, privacyPolicyText } from './copy';
import { PrivacyPolicy, policyDay, stockholmDate } from './privacy-policy';
import { policyFactsFor, type PolicyCompany, type PolicyFacts } from './processing-tools';

/** 23:30 UTC on 21 November is already 22 November in Stockholm. */
const today = '2026-11-21T23:30:00.000Z';

function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>;
}

const company: PolicyCompany = {
  legalName: 'Exempel Reklam AB',
  organisationNumber: '556036-0793',
  streetAddress: 'Storgatan 5',
  postalCode: '411 38',
  city: 'Göteborg',
  contactEmail: 'dataskydd@exempelreklam.se',
};

const everything = policyFactsFor({ company, mailerLite: true, mailDelivery: true });
const nothing = policyFactsFor({ company, mailerLite: false, mailDelivery: false });

function renderPolicy(entries: string[], facts: PolicyFacts = everything) {
  const Stub = createRoutesStub([
    { path: '/privacy-policy', Component: () => <PrivacyPolicy today={today} facts={facts} /> },
    { path: '/sv/privacy-policy', Component: () => <PrivacyPolicy today={today} facts={facts} /> },
    { path: '*', Component: Elsewhere },
  ]);
  return render(<Stub initialEntries={entries} initialIndex={entries.length - 1} />);
}

const englishHeadings = [
  'Who is responsible for your data',
  'Personal data we collect',
  'How we use your data',
  'Third-party services we use',
  'Cookies',
  'Legal bases for processing',
  'How long we keep your data',
  'Your rights under the GDPR',
  'Automated decisions and profiling',
  'How we protect your data',
  'Transfers outside the EU/EEA',
  'Children',
  'Changes to this policy',
  'Contact us',
  'Supervisory authority',
];

const swedishHeadings = [
  'Vem som ansvarar för dina uppgifter',
  'Personuppgifter vi samlar in',
  'Hur vi använder dina uppgifter',
  'Tredjepartstjänster vi använder',
  'Cookies',
  'Rättslig grund för behandlingen',
  'Hur länge vi sparar dina uppgifter',
  'Dina rättigheter enligt GDPR',
  'Automatiserade beslut och profilering',
  'Så skyddar vi dina uppgifter',
  'Överföringar utanför EU/EES',
  'Barn',
  'Ändringar i policyn',
  'Kontakta oss',
  'Tillsynsmyndighet',
];

/** The section headings (level 2, with an id) in page order. */
function sectionHeadings(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLHeadingElement>('.privacy__section > h2')];
}

function sectionText(container: HTMLElement, id: string): string {
  return container.querySelector(`#${id}`)!.closest('section')!.textContent ?? '';
}

describe('the policy copy', () => {
  it('has the same fifteen sections in both languages, in the page order', () => {
    expect(policySectionIds).toHaveLength(15);
    expect(new Set(policySectionIds).size).toBe(15);
    for (const facts of [everything, nothing])
      for (const copy of [privacyPolicyText('en', facts), privacyPolicyText('sv', facts)])
        expect(Object.keys(copy.sections).sort()).toEqual([...policySectionIds].sort());
  });
});

describe('PrivacyPolicy', () => {
  it('shows the fifteen English sections in order, numbered, each linked from the contents', () => {
    const { container } = renderPolicy(['/privacy-policy']);
    const headings = sectionHeadings(container);
    expect(headings.map((heading) => heading.textContent)).toEqual(
      englishHeadings.map((heading, index) => `${index + 1}. ${heading}`),
    );
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(englishHeadings);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      headings.map((heading) => `#${heading.id}`),
    );
  });

  it('shows the fifteen Swedish sections in the same order', () => {
    const { container } = renderPolicy(['/sv/privacy-policy']);
    expect(sectionHeadings(container).map((heading) => heading.textContent)).toEqual(
      swedishHeadings.map((heading, index) => `${index + 1}. ${heading}`),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Integritetspolicy');
  });

  it('states the retention periods the site applies in English', () => {
    const { container } = renderPolicy(['/privacy-policy']);
    const retention = sectionText(container, 'retention');
    expect(retention).toContain('Contact and consultation forms: 3 years from our last contact');
    expect(retention).toContain('Newsletter: until you unsubscribe');
    expect(retention).toContain('Campaign cookie: 30 days');
    expect(retention).toContain('the duration of our contract plus 7 years');
    expect(retention).toContain('Bookkeeping Act');
  });

  it('states the retention periods the site applies in Swedish', () => {
    const { container } = renderPolicy(['/sv/privacy-policy']);
    const retention = sectionText(container, 'retention');
    expect(retention).toContain('3 år från vår senaste kontakt');
    expect(retention).toContain('Nyhetsbrev: tills du avregistrerar dig');
    expect(retention).toContain('Kampanjcookie: 30 dagar');
    expect(retention).toContain('under avtalstiden plus 7 år');
    expect(retention).toContain('bokföringslagen');
  });

  it('promises no tool the site does not have: no analytics service, recording or ads', () => {
    for (const [path, words] of [
      ['/privacy-policy', /Google Analytics|session.recording|heatmap|relevant ads|26 months/i],
      [
        '/sv/privacy-policy',
        /Google Analytics|sessionsinspelning|värmekart|relevanta annonser|26 månader/i,
      ],
    ] as const) {
      const { container, unmount } = renderPolicy([path]);
      expect(container.textContent).not.toMatch(words);
      unmount();
    }
  });

  it('lists the rights, the 30-day answer, the age limit and the supervisory authority', () => {
    const { container } = renderPolicy(['/privacy-policy']);
    const rights = sectionText(container, 'your-rights');
    for (const right of [
      'Access',
      'Rectification',
      'Erasure',
      'Restriction',
      'Data portability',
      'Objection',
      'Withdraw consent',
    ])
      expect(rights).toContain(`${right}:`);
    expect(rights).toContain('within 30 days');
    expect(sectionText(container, 'children')).toContain('under 16');
    expect(sectionText(container, 'international-transfers')).toContain(
      'standard contractual clauses (SCCs)',
    );
    const authority = sectionText(container, 'supervisory-authority');
    expect(authority).toContain('Integritetsskyddsmyndigheten, IMY');
    expect(screen.getByRole('link', { name: 'www.imy.se' }).getAttribute('href')).toBe(
      'https://www.imy.se',
    );
  });

  it('names the controller with the company details from the settings, in both languages', () => {
    const { container, unmount } = renderPolicy(['/sv/privacy-policy']);
    for (const id of ['controller', 'contact']) {
      const text = sectionText(container, id);
      expect(text).toContain('Exempel Reklam AB');
      expect(text).toContain('Organisationsnummer: 556036-0793');
      expect(text).toContain('Storgatan 5');
      expect(text).toContain('411 38 Göteborg');
    }
    const [email] = within(
      screen.getByRole('region', { name: /Vem som ansvarar för dina uppgifter/ }),
    ).getAllByRole('link');
    expect(email!.getAttribute('href')).toBe('mailto:dataskydd@exempelreklam.se');
    expect(sectionText(container, 'your-rights')).toContain('dataskydd@exempelreklam.se');
    unmount();
    const english = renderPolicy(['/privacy-policy']).container;
    expect(sectionText(english, 'controller')).toContain('Organisation number: 556036-0793');
  });

  it("shows the loader's instant as the last-updated date in the agency's time zone", () => {
    const view = renderPolicy(['/privacy-policy']);
    const english = screen.getByText('November 22, 2026');
    expect(english.tagName).toBe('TIME');
    expect(english.getAttribute('datetime')).toBe('2026-11-22');
    // eslint-disable-next-line testing-library/no-node-access -- the date's sentence, split over text and a time element
    expect(english.parentElement!.textContent).toBe('Last updated: November 22, 2026');
    view.unmount();
    renderPolicy(['/sv/privacy-policy']);
    // eslint-disable-next-line testing-library/no-node-access -- the date's sentence, split over text and a time element
    expect(screen.getByText('22 november 2026').parentElement!.textContent).toBe(
      'Senast uppdaterad: 22 november 2026',
    );
    expect(stockholmDate('2026-06-30T22:15:00Z')).toBe('2026-07-01');
  });

  it('links to the twin page in the other language', () => {
    const view = renderPolicy(['/privacy-policy']);
    const swedish = screen.getByRole('link', { name: 'Läs på svenska' });
    expect(swedish.getAttribute('href')).toBe('/sv/privacy-policy');
    expect(swedish.getAttribute('lang')).toBe('sv');
    view.unmount();
    renderPolicy(['/sv/privacy-policy']);
    expect(screen.getByRole('link', { name: 'Read in English' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  /**
   * Back is app/enhance's (data-history-back), as on the served page: clicked with a tab history
   * of `length` entries, what does it do?
   */
  function clickBack(length: number, name: string) {
    const win = { history: { length, back: vi.fn() }, location: { assign: vi.fn() } };
    const controller = new AbortController();
    enhanceBackButtons(document, win as never, controller.signal);
    fireEvent.click(screen.getByRole('button', { name }));
    controller.abort();
    return win;
  }

  it('goes back in history with the Back button, whatever loaded the previous page', () => {
    renderPolicy(['/privacy-policy']);
    const win = clickBack(2, 'Back');
    expect(win.history.back).toHaveBeenCalledOnce();
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it("goes to the language's home page in a fresh tab, with nothing to go back to", () => {
    renderPolicy(['/sv/privacy-policy']);
    const win = clickBack(1, 'Tillbaka');
    expect(win.history.back).not.toHaveBeenCalled();
    expect(win.location.assign).toHaveBeenCalledWith('/sv');
  });
});

describe('the policy per configuration', () => {
  const text = (language: 'en' | 'sv', facts: PolicyFacts) => {
    const path = language === 'sv' ? '/sv/privacy-policy' : '/privacy-policy';
    const { container, unmount } = renderPolicy([path], facts);
    const sections = Object.fromEntries(
      policySectionIds.map((id) => [id, sectionText(container, id)]),
    );
    unmount();
    return sections;
  };
  const only = (tools: {
    mailerLite?: boolean;
    mailDelivery?: boolean;
    metaPixel?: boolean;
    metaConversionsApi?: boolean;
    clarity?: boolean;
    visitStatistics?: boolean;
  }) => policyFactsFor({ company, mailerLite: false, mailDelivery: false, ...tools });

  it('always describes booking the call and its cookie, in both languages', () => {
    const english = text('en', only({}));
    expect(english['data-we-collect']).toContain('Your booked call: when you choose a time');
    expect(english.cookies).toContain('Booking (booking_lead, necessary)');
    expect(english.retention).toContain('Booked calls: as long as the request they belong to');
    const swedish = text('sv', only({}));
    expect(swedish['data-we-collect']).toContain('Ditt bokade samtal: när du väljer en tid');
    expect(swedish.cookies).toContain('Bokning (booking_lead, nödvändig)');
    expect(swedish.retention).toContain('Bokade samtal: lika länge som förfrågan');
  });

  it('says that the cookie choice records keep no IP address, and how long the per-address count lives', () => {
    expect(text('en', only({}))['data-we-collect']).toContain(
      'our server only counts the choices each IP address makes in an hour, apart from the record, and deletes the count within a day',
    );
    expect(text('sv', only({}))['data-we-collect']).toContain(
      'räknar vår server bara hur många val varje IP-adress gör under en timme, skilt från registreringen, och raderar räkningen inom ett dygn',
    );
  });

  it('describes the cookieless visit statistics only while the server counts visits', () => {
    const english = text('en', only({ visitStatistics: true }));
    expect(english['data-we-collect']).toContain('Visit statistics: when you view a page');
    expect(english['data-we-collect']).toContain('Your IP address is never stored.');
    expect(english.purposes).toContain('count visits and see which pages, sites and campaigns');
    expect(english.cookies).toContain('Visit statistics (no cookies)');
    expect(english.retention).toContain('Visit statistics: 26 months, then deleted automatically');
    const swedish = text('sv', only({ visitStatistics: true }));
    expect(swedish['data-we-collect']).toContain('Besöksstatistik: när du visar en sida');
    expect(swedish['data-we-collect']).toContain('Din IP-adress sparas aldrig.');
    expect(swedish.cookies).toContain('Besöksstatistik (inga cookies)');
    expect(swedish.retention).toContain('Besöksstatistik: 26 månader');
    for (const language of ['en', 'sv'] as const) {
      for (const section of Object.values(text(language, only({}))))
        expect(section).not.toMatch(/Visit statistics|Besöksstatistik|26 (months|månader)/);
    }
  });

  it('describes Meta’s pixel, the Conversions API and Clarity only while each is configured (English)', () => {
    const off = text('en', only({}));
    for (const section of Object.values(off))
      expect(section).not.toMatch(/Meta|pixel|Conversions API|Clarity|_fbp|_clck/);

    const pixel = text('en', only({ metaPixel: true }));
    expect(pixel['third-party-services']).toContain(
      'Advertising platform (Meta pixel, Meta Platforms Ireland): only if you allow marketing',
    );
    expect(pixel.cookies).toContain('Meta pixel (_fbp and _fbc, marketing)');
    expect(pixel.purposes).toContain('measure which of our ads bring requests');
    expect(pixel.retention).toContain('Meta pixel: its cookies 90 days in your browser');
    expect(pixel['legal-bases']).toContain('Meta’s pixel');
    for (const section of Object.values(pixel))
      expect(section).not.toMatch(/Conversions API|Clarity/);

    const capi = text('en', only({ metaPixel: true, metaConversionsApi: true }));
    expect(capi['third-party-services']).toContain(
      'Meta Conversions API (Meta Platforms Ireland): only if you allowed marketing when you sent a request',
    );
    expect(capi['third-party-services']).toContain(
      'e-mail address and phone number hashed (SHA-256',
    );
    expect(capi.retention).toContain('Events for Meta: our record of what we send Meta 30 days');

    const clarity = text('en', only({ clarity: true }));
    expect(clarity['third-party-services']).toContain(
      'Session recording (Microsoft Clarity): only if you allow analytics',
    );
    expect(clarity.cookies).toContain('Session recording (_clck and _clsk, analytics)');
    expect(clarity.purposes).toContain('see how visitors use our pages');
    expect(clarity.retention).toContain(
      'Session recordings: recordings 30 days and heatmaps 13 months',
    );
    for (const section of Object.values(clarity)) expect(section).not.toMatch(/Meta/);
  });

  it('describes Meta’s pixel, the Conversions API and Clarity only while each is configured (Swedish)', () => {
    const off = text('sv', only({}));
    for (const section of Object.values(off))
      expect(section).not.toMatch(/Meta|pixel|Conversions API|Clarity|_fbp|_clck/);

    const pixel = text('sv', only({ metaPixel: true }));
    expect(pixel['third-party-services']).toContain(
      'Annonsplattform (Meta-pixel, Meta Platforms Ireland): bara om du tillåter marknadsföring',
    );
    expect(pixel.cookies).toContain('Meta-pixel (_fbp och _fbc, marknadsföring)');
    expect(pixel.retention).toContain('Meta-pixel: dess cookies 90 dagar i din webbläsare');
    for (const section of Object.values(pixel))
      expect(section).not.toMatch(/Conversions API|Clarity/);

    const capi = text('sv', only({ metaPixel: true, metaConversionsApi: true }));
    expect(capi['third-party-services']).toContain(
      'Metas Conversions API (Meta Platforms Ireland): bara om du tillät marknadsföring',
    );
    expect(capi.retention).toContain(
      'Händelser till Meta: vår dokumentation av vad vi skickar till Meta 30 dagar',
    );

    const clarity = text('sv', only({ clarity: true }));
    expect(clarity['third-party-services']).toContain(
      'Sessionsinspelning (Microsoft Clarity): bara om du tillåter statistik',
    );
    expect(clarity.cookies).toContain('Sessionsinspelning (_clck och _clsk, statistik)');
    expect(clarity.retention).toContain('Sessionsinspelningar: inspelningar 30 dagar');
  });

  it('describes MailerLite in every section it touches only while its forms are configured (English)', () => {
    const on = text('en', only({ mailerLite: true }));
    expect(on['data-we-collect']).toContain('Newsletter and free guide: your e-mail address');
    expect(on.purposes).toContain('send you our newsletter');
    expect(on['third-party-services']).toContain('Email-marketing service (MailerLite)');
    expect(on['legal-bases']).toContain('and the newsletter and the free guide.');
    expect(on.retention).toContain('Newsletter: until you unsubscribe');
    const off = text('en', only({}));
    for (const section of Object.values(off)) expect(section).not.toMatch(/MailerLite|newsletter/i);
    expect(off['legal-bases']).toContain(
      'Consent: for the cookies and services you allow in our cookie banner or cookie settings (analytics, marketing and preferences).',
    );
  });

  it('describes MailerLite only while its forms are configured (Swedish)', () => {
    const on = text('sv', only({ mailerLite: true }));
    expect(on['data-we-collect']).toContain('Nyhetsbrev och gratisguide: din e-postadress');
    expect(on.purposes).toContain('skicka vårt nyhetsbrev');
    expect(on['third-party-services']).toContain('Tjänst för e-postmarknadsföring (MailerLite)');
    expect(on['legal-bases']).toContain('och nyhetsbrevet och gratisguiden.');
    expect(on.retention).toContain('Nyhetsbrev: tills du avregistrerar dig');
    const off = text('sv', only({}));
    for (const section of Object.values(off)) expect(section).not.toMatch(/MailerLite|nyhetsbrev/i);
    expect(off['legal-bases']).toContain(
      'Samtycke: för de cookies och tjänster du tillåter i vår cookiebanner eller i cookietinställningarna (statistik, marknadsföring och inställningar).',
    );
  });

  it('describes the cookie banner’s categories, the consent record and its retention, whatever is configured', () => {
    for (const facts of [everything, nothing]) {
      const english = text('en', facts);
      expect(english.cookies).toContain(
        'three categories you choose from: analytics (measuring how the site is used), marketing',
      );
      expect(english.cookies).toContain('under “Cookie settings” at the bottom of every page');
      expect(english.cookies).toContain('Cookie choice (cookie_consent and cookie_consent_id');
      expect(english['data-we-collect']).toContain(
        'Your cookie choices: when you make or change a choice in our cookie banner or cookie settings: a random consent ID, the time, what you allowed',
      );
      expect(english.retention).toContain(
        'Cookie choices: our record of each choice 2 years from when you made it',
      );
      const swedish = text('sv', facts);
      expect(swedish.cookies).toContain('under ”Cookietinställningar” längst ned på varje sida');
      expect(swedish['data-we-collect']).toContain(
        'Dina cookieval: när du gör eller ändrar ett val',
      );
      expect(swedish.retention).toContain('Cookieval: vår dokumentation av varje val 2 år');
    }
  });

  it('names the e-mail delivery service only when mail goes out through SMTP, in both languages', () => {
    expect(text('en', only({ mailDelivery: true }))['third-party-services']).toContain(
      'E-mail delivery service: delivers the confirmation',
    );
    expect(text('en', only({}))['third-party-services']).not.toContain('E-mail delivery');
    expect(text('sv', only({ mailDelivery: true }))['third-party-services']).toContain(
      'Tjänst för e-postleverans: levererar bekräftelsen',
    );
    expect(text('sv', only({}))['third-party-services']).not.toContain('e-postleverans');
  });

  it('always names the database host and the campaign cookie, which the site always uses', () => {
    for (const facts of [everything, nothing]) {
      const english = text('en', facts);
      expect(english['third-party-services']).toContain('Database host');
      expect(english.cookies).toContain(
        'Campaign cookie (visit_attribution, marketing): only if you allow marketing',
      );
      const swedish = text('sv', facts);
      expect(swedish['third-party-services']).toContain('Databasleverantör');
      expect(swedish.cookies).toContain(
        'Kampanjcookie (visit_attribution, marknadsföring): bara om du tillåter marknadsföring',
      );
    }
  });
});

describe('policyDay', () => {
  it('is the agency’s calendar day, one value from midnight to midnight in Stockholm', () => {
    // 23:30 UTC on 21 November is 00:30 on 22 November in Stockholm.
    expect(policyDay(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22T12:00:00.000Z');
    expect(policyDay(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22T12:00:00.000Z');
    expect(stockholmDate(policyDay(new Date('2026-11-22T22:59:00Z')))).toBe('2026-11-22');
  });
});
