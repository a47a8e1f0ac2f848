// The administrator's side in a real browser: sign-in, the /admin guard, the blog manager's
// modes and rules, password recovery through the local outbox, and sign-out.
// Long because sign-in, the guard, the blog manager and the recovery share one site, whose
// administrator's password the recovery changes: another file would start another site.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest, signInThroughForm } from '../support/browser.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { SITE_ADMIN_EMAIL, SITE_ADMIN_PASSWORD } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false' });
/** The administrator's password; the recovery test changes it. */
let password = SITE_ADMIN_PASSWORD;

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

/** A suffix that keeps each test's slugs apart. */
const unique = () => Math.random().toString(36).slice(2, 8);

interface PostRow {
  id: string;
  slug: string;
  title: string;
  is_published: boolean;
  language: string;
  created_at: string;
  updated_at: string;
  published_date: string | null;
}

/** supabase-js signed in as the administrator, for setting up and checking rows. */
async function adminClient(): Promise<SupabaseClient> {
  const client = createClient(site.url, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword({ email: SITE_ADMIN_EMAIL, password });
  if (error) throw error;
  return client;
}

async function insertPost(fields: Partial<PostRow> & { title: string }): Promise<PostRow> {
  const client = await adminClient();
  const now = new Date().toISOString();
  const published = fields.is_published ?? true;
  const { data, error } = await client
    .from('blog_posts')
    .insert({
      slug: `${fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}`,
      summary: 'A short summary for the list.',
      content: 'Some **bold** content.',
      published_date: published ? now : null,
      ...fields,
      is_published: published,
    })
    .select()
    .single();
  if (error) throw error;
  return data as PostRow;
}

async function readPost(id: string): Promise<PostRow | null> {
  const client = await adminClient();
  const { data, error } = await client.from('blog_posts').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data as PostRow | null;
}

const signIn = (target: Page, withPassword = password) =>
  signInThroughForm(target, site.url, withPassword);

/** A post's row in the blog manager's list. */
const row = (title: string): Locator =>
  browsing.page.getByRole('article', { name: title, exact: true });

const field = (label: string) => browsing.page.getByLabel(label, { exact: true });

describe('the public pages’ scripts', () => {
  const adminOnly = [
    'Blog Posts Management',
    'Create New Post',
    'Send reset password instructions',
    'AuthFailure',
    'Forgot your password?',
  ];

  /** The code of every script a page's HTML loads or preloads. */
  async function scriptsOf(pathname: string): Promise<string[]> {
    const html = await (await fetch(`${site.url}${pathname}`)).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
    expect(scripts.length).toBeGreaterThan(0);
    return Promise.all(scripts.map(async (script) => (await fetch(`${site.url}${script}`)).text()));
  }

  it('carry none of the sign-in or blog manager code', async () => {
    for (const pathname of ['/', '/sv', '/blog', '/book-call', '/newsletter', '/privacy-policy']) {
      const code = (await scriptsOf(pathname)).join('\n');
      for (const text of adminOnly) expect(code, `${pathname} loads “${text}”`).not.toContain(text);
    }
    // The same check finds that code where it belongs.
    const admin = (await scriptsOf('/admin')).join('\n');
    for (const text of adminOnly) expect(admin).toContain(text);
  });
});

describe('signing in', () => {
  it('sends a visitor who is not signed in from /admin to /login, replacing the history entry', async () => {
    const { page } = browsing;
    const html = await (await fetch(`${site.url}/admin`)).text();
    expect(html).toContain('Loading...');
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    await gotoHydrated(page, `${site.url}/`);
    await page.goto(`${site.url}/admin`);
    await page.waitForURL(`${site.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    await page.getByText('Sign in to manage blog posts').waitFor();
    await page.goBack();
    await page.waitForURL(`${site.url}/`);
  });

  it('shows the service’s message in a notice when the password is wrong', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/login`);
    // Email and password only: no social providers, no magic link.
    expect(await page.getByRole('button').allTextContents()).not.toContain('Send Magic Link');
    await field('Email address').fill(SITE_ADMIN_EMAIL);
    await field('Your Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
    await alert.waitFor();
    expect(await alert.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(164, 22, 26)',
    );
    expect(page.url()).toBe(`${site.url}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it('signs in to /admin, stays signed in across a reload, and leaves /login for /admin', async () => {
    const { page } = browsing;
    await signIn(page);
    await page.getByText(`Welcome, ${SITE_ADMIN_EMAIL}`).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    expect(page.url()).toBe(`${site.url}/admin`);

    await page.goto(`${site.url}/login`);
    await page.waitForURL(`${site.url}/admin`);
    await page.getByText(`Welcome, ${SITE_ADMIN_EMAIL}`).waitFor();
  });

  it('signs out to the home page, after which /admin asks to sign in again', async () => {
    const { page } = browsing;
    await signIn(page);
    const loggedOut = page.waitForResponse((response) =>
      response.url().includes('/auth/v1/logout'),
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    expect((await loggedOut).status()).toBe(204);
    await page.waitForURL(`${site.url}/`);
    await page.goto(`${site.url}/admin`);
    await page.waitForURL(`${site.url}/login`);
  });
});

describe('the blog manager', () => {
  beforeEach(async () => {
    await signIn(browsing.page);
  });

  it('creates a published English post that appears on /blog and renders at /blog/{slug}', async () => {
    const { page, context } = browsing;
    const title = `Ten Quick Lead Tips ${unique()}`;
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create New Post' }).waitFor();

    // Defaults: English, published, the agency's team as author.
    expect(await page.getByRole('radio', { name: 'English Blog' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Published' }).isChecked()).toBe(true);
    expect(await field('Author').inputValue()).toBe('Nordic Lead Agency Team');

    await field('Title').fill(title);
    const slug = await field('Slug').inputValue();
    expect(slug).toBe(title.toLowerCase().replaceAll(' ', '-'));
    await page.getByText(`URL will be: /blog/${slug}`).waitFor();

    await field('Summary').fill('Short tips for busy owners.');
    const content = page.getByLabel('Content (Markdown supported)');
    expect(await content.getAttribute('rows')).toBe('20');
    await content.fill('## Answer fast\n\nCall back **within five minutes**.\n\n- one\n- two');

    await page.getByRole('button', { name: 'Show Preview' }).click();
    expect(await content.getAttribute('rows')).toBe('10');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Answer fast' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('within five minutes');
    expect(await content.inputValue()).toContain('**within five minutes**');
    await page.getByRole('button', { name: 'Hide Preview' }).click();
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    const created = row(title);
    await created.waitFor();
    await created.getByText('Published', { exact: true }).waitFor();
    await created.getByText('English', { exact: true }).waitFor();
    await created.getByText('By Nordic Lead Agency Team').waitFor();
    expect(
      await created
        .getByText(/^Updated: \d{1,2} [A-Z][a-z]{2} \d{4}, [0-2]\d:[0-5]\d (CET|CEST)$/)
        .count(),
    ).toBe(1);
    expect(
      await created
        .getByText(/^Published: \d{1,2} [A-Z][a-z]{2} \d{4}, [0-2]\d:[0-5]\d (CET|CEST)$/)
        .count(),
    ).toBe(1);

    // View opens the public post in a new tab.
    const view = created.getByRole('link', { name: `View “${title}” (opens in a new tab)` });
    expect(await view.getAttribute('target')).toBe('_blank');
    expect(await view.getAttribute('rel')).toContain('noopener');
    const [tab] = await Promise.all([context.waitForEvent('page'), view.click()]);
    await tab!.waitForURL(`${site.url}/blog/${slug}`);
    await tab!.getByRole('heading', { level: 1, name: title }).waitFor();
    await tab!.getByRole('heading', { name: 'Answer fast' }).waitFor();
    await tab!.close();

    const blog = await context.newPage();
    await gotoHydrated(blog, `${site.url}/blog`);
    await blog.getByRole('link', { name: title }).first().waitFor();
  });

  it('keeps a Swedish draft off /sv/blog', async () => {
    const { page, context } = browsing;
    const suffix = unique();
    const title = `Så växer ditt företag ${suffix}`;
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page.getByRole('radio', { name: 'Swedish Blog' }).check();
    await field('Title').fill(title);
    const slug = `sa-vaxer-ditt-foretag-${suffix}`;
    expect(await field('Slug').inputValue()).toBe(slug);
    await page.getByText(`URL will be: /sv/blog/${slug}`).waitFor();
    await field('Summary').fill('Kort och koncist.');
    await page.getByLabel('Content (Markdown supported)').fill('Text på svenska.');
    await page.getByRole('radio', { name: 'Draft' }).check();
    await page.getByRole('button', { name: 'Create Post' }).click();

    const draft = row(title);
    await draft.waitFor();
    await draft.getByText('Draft', { exact: true }).waitFor();
    await draft.getByText('Svenska', { exact: true }).waitFor();
    expect(await draft.getByText(/^Published:/).count()).toBe(0);
    expect(await draft.getByRole('link', { name: /^View/ }).count()).toBe(0);

    const blog = await context.newPage();
    await gotoHydrated(blog, `${site.url}/sv/blog`);
    await blog.getByRole('heading', { level: 1, name: 'Marknadsföringsinsikter & tips' }).waitFor();
    expect(await blog.getByText(title).count()).toBe(0);
    const response = await blog.goto(`${site.url}/sv/blog/${slug}`);
    expect(response?.status()).toBe(404);
  });

  it('checks the form on submit, clears a message on editing, and refuses a duplicate slug', async () => {
    const { page } = browsing;
    const existing = await insertPost({ title: 'Taken slug' });
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await field('Author').fill('');
    await page.getByRole('button', { name: 'Create Post' }).click();
    for (const message of [
      'Title is required',
      'Slug is required',
      'Summary is required',
      'Content is required',
      'Author is required',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    expect(await field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await field('Title').evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    // The shared field (admin-field.tsx): the control is described by its hint and its message.
    const described = async (label: string) => {
      const ids = (await field(label).getAttribute('aria-describedby'))?.split(' ') ?? [];
      return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    };
    expect(await described('Title')).toEqual(['Title is required']);
    expect(await described('Slug')).toEqual(['URL will be: /blog/', 'Slug is required']);
    expect(await accessibilityViolations(page)).toEqual([]);

    await field('Title').fill('Another Post');
    await page.getByText('Title is required').waitFor({ state: 'detached' });
    await page.getByText('Author is required').waitFor();

    await field('Slug').fill('Not A Slug');
    await page.getByText('Slug is required').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page
      .getByText('Slug must contain only lowercase letters, numbers, and hyphens', { exact: true })
      .waitFor();

    await field('Slug').fill(existing.slug);
    await field('Summary').fill('Summary.');
    await page.getByLabel('Content (Markdown supported)').fill('Content.');
    await field('Author').fill('  Someone  ');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page
      .getByText('This slug already exists. Please choose a different one.', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Create Post' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create New Post');

    await field('Slug').fill(`${existing.slug}-2`);
    await page
      .getByText('This slug already exists.', { exact: false })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Post' }).click();
    await row('Another Post').getByText('By Someone', { exact: true }).waitFor();
  });

  it('opens a post through ?edit={id}, saves it, and falls back to the list for an unknown id', async () => {
    const { page, errors } = browsing;
    const post = await insertPost({ title: `Edit me ${unique()}`, language: 'swedish' });
    await page.goto(`${site.url}/admin?edit=${post.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    expect(await field('Title').inputValue()).toBe(post.title);
    expect(await field('Slug').inputValue()).toBe(post.slug);
    expect(await page.getByRole('radio', { name: 'Swedish Blog' }).isChecked()).toBe(true);

    // Editing the title leaves the slug of an existing post alone.
    const title = `Edited ${unique()}`;
    await field('Title').fill(title);
    expect(await field('Slug').inputValue()).toBe(post.slug);
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await row(title).waitFor();
    const saved = await readPost(post.id);
    expect(saved?.title).toBe(title);
    expect(saved?.created_at).toBe(post.created_at);
    expect(Date.parse(saved!.updated_at)).toBeGreaterThan(Date.parse(post.updated_at));

    // The row's Edit button uses ?edit= too; Back to Posts returns to the list.
    await row(title)
      .getByRole('button', { name: `Edit “${title}”` })
      .click();
    await page.waitForURL(`${site.url}/admin?edit=${post.id}`);
    await page.getByRole('button', { name: 'Back to Posts' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await row(title).waitFor();

    await page.goto(`${site.url}/admin?edit=00000000-0000-4000-8000-000000000000`);
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    // The failed load is logged, and nothing else is.
    expect(errors).toEqual([expect.stringContaining('Could not load the blog post')]);
    errors.length = 0;
  });

  it('publishes a draft now, and keeps its date on later saves and when unpublished', async () => {
    const { page } = browsing;
    const post = await insertPost({ title: `Draft ${unique()}`, is_published: false });
    expect(post.published_date).toBeNull();

    const save = async (status: 'Published' | 'Draft', summary: string) => {
      await page.goto(`${site.url}/admin?edit=${post.id}`);
      await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
      await page.getByRole('radio', { name: status }).check();
      await field('Summary').fill(summary);
      await page.getByRole('button', { name: 'Update Post' }).click();
      await page.waitForURL(`${site.url}/admin`);
      await row(post.title).getByText(summary).waitFor();
      return (await readPost(post.id))!;
    };

    const before = Date.now();
    const published = await save('Published', 'Now published.');
    expect(published.is_published).toBe(true);
    expect(Date.parse(published.published_date!)).toBeGreaterThanOrEqual(before - 1000);
    await row(post.title)
      .getByText(/^Published: /)
      .waitFor();
    await row(post.title).getByText('Published', { exact: true }).waitFor();

    const resaved = await save('Published', 'Saved again.');
    expect(resaved.published_date).toBe(published.published_date);
    expect(Date.parse(resaved.updated_at)).toBeGreaterThan(Date.parse(published.updated_at));

    const unpublished = await save('Draft', 'Back to draft.');
    expect(unpublished.is_published).toBe(false);
    expect(unpublished.published_date).toBe(published.published_date);
    await row(post.title).getByText('Draft', { exact: true }).waitFor();
    // A draft keeps its date for when it is published again, and does not claim to be published.
    await row(post.title)
      .getByText(/^Publication date: /)
      .waitFor();
    expect(
      await row(post.title)
        .getByText(/^Published: /)
        .count(),
    ).toBe(0);

    const republished = await save('Published', 'Published again.');
    expect(republished.published_date).toBe(published.published_date);
  });

  it('deletes a post only after the confirm dialog is accepted', async () => {
    const { page } = browsing;
    const post = await insertPost({ title: `Delete me ${unique()}` });
    await page.reload();
    const deleteButton = row(post.title).getByRole('button', { name: `Delete “${post.title}”` });

    const dismissed = page.waitForEvent('dialog');
    const clicked = deleteButton.click();
    const first = await dismissed;
    expect(first.type()).toBe('confirm');
    expect(first.message()).toBe(
      'Are you sure you want to delete this post? This action cannot be undone.',
    );
    await first.dismiss();
    await clicked;
    expect(await readPost(post.id)).not.toBeNull();
    await row(post.title).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await deleteButton.click();
    await row(post.title).waitFor({ state: 'detached' });
    expect(await readPost(post.id)).toBeNull();
  });
});

describe('password recovery', () => {
  /** The newest mail in the site's local outbox. */
  async function newestMail(): Promise<{ to: string; subject: string; text: string }> {
    const outbox = path.join(site.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.json')).sort();
    expect(files.length).toBeGreaterThan(0);
    return JSON.parse(await readFile(path.join(outbox, files.at(-1)!), 'utf8'));
  }

  it('mails a reset link that opens the update-password view, and the new password signs in', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await field('Email address').fill(SITE_ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send reset password instructions' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Check your email for the password reset link' })
      .waitFor();

    // The link is mailed just after the answer the page shows.
    await expect.poll(async () => (await newestMail()).subject).toBe('Reset your password');
    const mail = await newestMail();
    expect(mail.to).toBe(SITE_ADMIN_EMAIL);
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain('/auth/v1/verify?');

    // The link answers 303 to /login?link=recovery#access_token=…&type=recovery; supabase-js
    // takes the session from the fragment and clears it.
    await page.goto(link!);
    await page.waitForURL(`${site.url}/login?link=recovery#`);
    const newPassword = `new-password-${unique()}`;
    await field('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been updated' }).waitFor();
    password = newPassword;
    // Back to the sign-in view, signed out: the new password signs in.
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(page.url()).toMatch(/\/login\?link=recovery#?$/);

    await signIn(page, newPassword);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);

    // The link works once: its page then says so and offers a new one right there. The old
    // password no longer signs in.
    await page.goto(link!);
    await page.waitForURL(/\/login\?link=recovery#error/);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This password reset link has expired or has already been used.' })
      .waitFor();
    await page.getByRole('button', { name: 'Send reset password instructions' }).waitFor();
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await field('Email address').fill(SITE_ADMIN_EMAIL);
    await field('Your Password').fill(SITE_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor();
  });
});
