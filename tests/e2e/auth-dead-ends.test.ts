// Every auth flow ends on the page that finishes it, in a real browser, with the site reached at
// http://localhost:<port> while its server talks to itself at 127.0.0.1 (as `npm start` without
// SITE_URL runs it): an invitation leads to choosing a password and then the admin; an invitation
// can be sent again, not too often; a used link says what to do; "Open the lead" while signed out
// leads through sign-in and the second step to the lead; a wrong code is said on the field.
import type { Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { linkIn, mailsTo } from '../support/auth-mail.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { aLead } from '../support/leads.ts';
import {
  addSiteUser,
  querySite,
  SITE_ADMIN_EMAIL,
  SITE_ADMIN_PASSWORD,
  storeLeadAsVisitor,
} from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const PASSWORD = 'a-long-enough-password';
const { site, browser } = siteAndBrowserPerFile();
/** The address the browser reaches the site at: not the one the server calls itself at. */
const reached = () => site.url.replace('127.0.0.1', 'localhost');

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

let leadId: string;
beforeAll(async () => {
  const email = `open.the.lead.${Date.now()}@example.se`;
  const stored = await storeLeadAsVisitor(site, aLead({ email }), '203.0.113.77');
  expect(stored.status).toBe(201);
  const [lead] = await querySite<{ id: string }>(
    site,
    'select id from public.consultations where email = $1',
    [email],
  );
  leadId = lead!.id;
});

/** Signs `email` in with supabase-js and verifies an authenticator app; its code maker. */
async function withAuthenticatorApp(email: string, password: string) {
  const client = createClient(site.url, site.anonKey, { auth: { persistSession: false } });
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone',
  });
  if (error) throw error;
  let step = timeStep(Date.now());
  const code = () => totpCode(data.totp.secret, step++);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: code() });
  if (verified.error) throw verified.error;
  return code;
}

async function signIn(page: Page, url: string, email: string, password: string) {
  await gotoHydrated(page, url);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Your Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('an invitation without SITE_URL', () => {
  it('leads the invitee to choose a password on the address the site was reached at', async () => {
    const { page } = browsing;
    await signIn(page, `${reached()}/login`, SITE_ADMIN_EMAIL, SITE_ADMIN_PASSWORD);
    await page.waitForURL(`${reached()}/admin`);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Team' })
      .click();
    await page.getByRole('table', { name: /Members of the team/ }).waitFor();
    await page.getByLabel('E-mail address').fill('invitee@example.com');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to invitee@example.com.').waitFor();

    // Sent again at once: refused, and the refusal says when it can go.
    await page.getByRole('button', { name: 'Resend invitation to invitee@example.com' }).click();
    await page
      .getByText(/less than 10 minutes ago: you can send it again in 10 minutes\.$/)
      .waitFor();
    browsing.errors.length = 0; // the refusal's 429, logged by the browser
    await querySite(
      site,
      "update auth.users set invited_at = now() - interval '11 minutes' where email = $1",
      ['invitee@example.com'],
    );
    await querySite(site, 'delete from auth.rate_limits where key = $1', [
      'mail:invitee@example.com',
    ]);
    await page.getByRole('button', { name: 'Resend invitation to invitee@example.com' }).click();
    await page.getByText('A new invitation went to invitee@example.com.').first().waitFor();
    const history = page.getByRole('table', { name: 'Changes to the team, newest first' });
    await history.getByText('Sent invitee@example.com the invitation again').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const mails = await mailsTo(site, 'invitee@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(
      `${SITE_ADMIN_EMAIL} invited you to Nordic Lead Agency AB's website`,
    );
    const link = linkIn(mails[1]!);
    expect(new URL(link).origin).toBe(reached());
    const invited = await browser.newContext();
    try {
      const newcomer = await invited.newPage();
      await newcomer.goto(link);
      await newcomer.getByRole('form', { name: 'Choose your password' }).waitFor();
      expect(newcomer.url()).toMatch(new RegExp(`^${reached()}/login\\?link=invite`));
      await newcomer.getByLabel('New password').fill('the-invitees-password');
      await newcomer.getByRole('button', { name: 'Save password and continue' }).click();
      await newcomer.waitForURL(`${reached()}/admin`);
      await newcomer.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();

      // The link is used: following it again says what happened and what to do.
      const again = await browser.newContext();
      const later = await again.newPage();
      await later.goto(link);
      await later
        .getByRole('alert')
        .getByText(/^This invitation link has expired or has already been used\. Ask an admin/)
        .waitFor();
      expect(await accessibilityViolations(later)).toEqual([]);
      await again.close();
    } finally {
      await invited.close();
    }
  });
});

describe('a password reset link that was used', () => {
  it('offers the form that mails a new one, right there', async () => {
    const { page } = browsing;
    await addSiteUser(site, 'forgetful@example.com', PASSWORD, 'editor');
    await gotoHydrated(page, `${reached()}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill('forgetful@example.com');
    await page.getByRole('button', { name: 'Send reset password instructions' }).click();
    await page.getByText('Check your email for the password reset link').waitFor();
    await expect.poll(async () => (await mailsTo(site, 'forgetful@example.com')).length).toBe(1);
    const [mail] = await mailsTo(site, 'forgetful@example.com');
    const link = linkIn(mail!);
    expect(new URL(link).origin).toBe(reached());
    await page.goto(link);
    await page.getByRole('form', { name: 'Update password' }).waitFor();

    const other = await browser.newContext();
    try {
      const stale = await other.newPage();
      await stale.goto(link);
      await stale
        .getByText(/^This password reset link has expired or has already been used/)
        .waitFor();
      await stale.getByRole('form', { name: 'Reset password' }).waitFor();
    } finally {
      await other.close();
    }
  });
});

describe('"Open the lead" while signed out', () => {
  it('leads through sign-in and a wrong, then right, code to the lead', async () => {
    await addSiteUser(site, 'on-the-phone@example.com', PASSWORD, 'admin');
    const code = await withAuthenticatorApp('on-the-phone@example.com', PASSWORD);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      await gotoHydrated(page, `${reached()}/admin/leads/${leadId}`);
      await page.waitForURL(`${reached()}/login?next=%2Fadmin%2Fleads%2F${leadId}`);
      await page.getByLabel('Email address').fill('on-the-phone@example.com');
      await page.getByLabel('Your Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
      expect(page.url()).toBe(`${reached()}/admin/leads/${leadId}`);

      const field = page.getByLabel('6-digit code');
      await field.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('That code is not the right one.', { exact: false }).waitFor();
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await page.getByText('Invalid TOTP code entered').count()).toBe(0);
      await field.fill(code());
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('link', { name: 'Back to Leads' }).first().waitFor();
      expect(page.url()).toBe(`${reached()}/admin/leads/${leadId}`);
    } finally {
      await phone.close();
    }
  });

  it('never follows a return path to another site', async () => {
    const { page } = browsing;
    await signIn(
      page,
      `${reached()}/login?next=${encodeURIComponent('//evil.example/admin')}`,
      SITE_ADMIN_EMAIL,
      SITE_ADMIN_PASSWORD,
    );
    await page.waitForURL(`${reached()}/admin`);
  });
});
