// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { agencyFallbacks } from '~/config/site';
import { effectiveAgencySettings, placeholdersInUse } from '~/data/agency-settings';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from './admin-dates';
import { PlaceholderBanner } from './settings-banner';

/** The banner and a date under a root route whose loader gives these settings and zone. */
function renderUnderRoot(saved: Partial<Record<string, string>>, agencyTimeZone?: string) {
  const settings = effectiveAgencySettings(null, saved);
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({
        agency: { settings, defaults: settings, placeholders: placeholdersInUse(settings) },
        agencyTimeZone,
      }),
      Component: Outlet,
      HydrateFallback: () => null,
      children: [
        {
          index: true,
          Component: () => (
            <>
              <PlaceholderBanner />
              <p>Received {formatAdminDateTime('2026-11-26T19:28:00Z', useAdminTimeZone())}</p>
            </>
          ),
        },
      ],
    },
  ]);
  render(<Stub />);
}

const company = {
  organisationNumber: '556036-0793',
  streetAddress: 'Storgatan 12',
  postalCode: '411 38',
  city: 'Göteborg',
  contactEmail: 'hej@bergochlind.se',
};
const forms = {
  mailerLiteAccountId: '1234567',
  newsletterFormIdEn: '111',
  newsletterFormIdSv: '222',
  guideFormIdEn: '333',
  guideFormIdSv: '444',
};

const namesIn = (note: HTMLElement) =>
  within(note)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the placeholder banner', () => {
  it('warns of each company detail still a placeholder, and links to its field', async () => {
    renderUnderRoot({ ...forms, streetAddress: 'Storgatan 12', postalCode: '411 38' });
    const [warning] = await screen.findAllByRole('note');
    expect(warning).toHaveTextContent(/Visitors still see placeholder company details/);
    expect(namesIn(warning!)).toEqual([
      ['Organisation number', '/admin/settings#setting-organisationNumber'],
      ['City', '/admin/settings#setting-city'],
      ['Contact e-mail', '/admin/settings#setting-contactEmail'],
    ]);
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('only notes the MailerLite ids once the company details are saved, naming those missing', async () => {
    renderUnderRoot({ ...company, mailerLiteAccountId: '1234567', guideFormIdEn: '333' });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(/newsletter and guide pages show no working sign-up form/);
    expect(note).not.toHaveTextContent(/company details/);
    expect(note).toHaveClass('admin-notice--info');
    expect(namesIn(note)).toEqual([
      ['Newsletter form, English', '/admin/settings#setting-newsletterFormIdEn'],
      ['Newsletter form, Swedish', '/admin/settings#setting-newsletterFormIdSv'],
      ['Guide form, Swedish', '/admin/settings#setting-guideFormIdSv'],
    ]);
  });

  it('is gone when no setting holds an example value', async () => {
    renderUnderRoot({ ...company, ...forms });
    await screen.findByText(/^Received/);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows both when both are missing, as on a fresh install', async () => {
    renderUnderRoot({});
    const notes = await screen.findAllByRole('note');
    expect(notes.map((note) => within(note).getAllByRole('link').length)).toEqual([5, 5]);
    expect(agencyFallbacks.city).toBe('Stockholm');
  });
});

describe('the admin’s time zone', () => {
  it('is the one the root loader read from the booking settings', async () => {
    renderUnderRoot({}, 'America/New_York');
    expect(await screen.findByText('Received 26 Nov 2026, 14:28 GMT-5')).toBeVisible();
  });

  it('is the agency’s default where the root loader gives none', async () => {
    renderUnderRoot({});
    expect(await screen.findByText('Received 26 Nov 2026, 20:28 CET')).toBeVisible();
  });

  it('is the default without a router at all', () => {
    function Received() {
      return <p>Received {formatAdminDateTime('2026-11-26T19:28:00Z', useAdminTimeZone())}</p>;
    }
    render(<Received />);
    expect(screen.getByText('Received 26 Nov 2026, 20:28 CET')).toBeVisible();
  });
});
