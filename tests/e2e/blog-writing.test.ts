// Writing in the blog manager in a real browser: scheduling a post (hidden from every public page
// until its date), restoring a revision, the slug check's suggestion, the unsaved-changes prompts
// and the draft that survives a reload, and an axe audit of these views.
// Long because its scenarios (one describe block each) share one site and one signed-in session:
// another file would start another site in the serial browser run.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Dialog, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { pagePerTest, signInThroughForm } from '../support/browser.ts';
import { postInput } from '../support/posts.ts';
import { signedInAdmin } from '../support/site.ts';
import {
  signedInState,
  siteAndBrowserPerFile,
  type StorageState,
} from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false' });
let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedInAdmin(site);
});

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(browser, site.url);
});

/** Each test's context starts in the administrator's session, signed in through the form once. */
const browsing = pagePerTest(
  () => browser,
  () => ({
    viewport: { width: 1280, height: 900 },
    storageState: signedIn,
  }),
);

/** A page's HTML as a visitor gets it, past the server's page cache. */
async function publicHtml(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site.url}${path}`, { headers: { 'cache-control': 'no-cache' } });
  return { status: response.status, html: await response.text() };
}

async function createdPost(slug: string, title: string) {
  const { data, error } = await admin
    .from('blog_posts')
    .insert({ ...postInput(slug, { title }), published_date: new Date().toISOString() })
    .select('id')
    .single();
  if (error) throw error;
  return data as { id: string };
}

/** Opens the blog manager's list. */
async function openManager(page: Page) {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
}

/** Opens the post in the manager's edit form. */
async function edit(page: Page, id: string) {
  await page.goto(`${site.url}/admin?edit=${id}`);
  await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
}

/** Opens the manager and starts a new post with its title, summary and content filled. */
async function startPost(
  page: Page,
  post: { title: string; summary: string; content: string },
): Promise<void> {
  await openManager(page);
  await page.getByRole('button', { name: 'Create New Post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(post.title);
  await page.getByLabel('Summary', { exact: true }).fill(post.summary);
  await page.getByLabel(/^Content/).fill(post.content);
}

/** Answers the next dialog with `accept`, and gives back its message. */
function nextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

describe('a scheduled post', () => {
  it('shows as Scheduled in the manager and nowhere public until its date', async () => {
    const { page } = browsing;
    await startPost(page, {
      title: 'Our spring offer',
      summary: 'Coming in the spring.',
      content: 'Spring is coming.',
    });
    await page.getByLabel('Publication date (optional)').fill('2099-03-01T09:00');
    await page.getByText(/^Scheduled: the post appears on the blog on /).waitFor();
    await page.getByRole('button', { name: 'Create Post' }).click();

    const row = page.getByRole('article', { name: 'Our spring offer' });
    await row.getByText('Scheduled', { exact: true }).waitFor();
    await row.getByText(/^Scheduled for: /).waitFor();
    expect(await row.getByRole('link', { name: /View/ }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    for (const path of ['/blog', '/', '/sitemap-en.xml', '/blog/rss.xml']) {
      const { html } = await publicHtml(path);
      expect(html, path).not.toContain('our-spring-offer');
      expect(html, path).not.toContain('Our spring offer');
    }
    expect((await publicHtml('/blog/our-spring-offer')).status).toBe(404);
  });
});

describe('revisions', () => {
  it('restores an earlier version into the form, which a save then publishes', async () => {
    const { page } = browsing;
    const { id } = await createdPost('lead-speed', 'Answer leads fast');
    await edit(page, id);
    await page
      .getByRole('region', { name: 'Revisions' })
      .getByText(/No earlier versions/)
      .waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Answer leads within five minutes');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.getByText('Saved “Answer leads within five minutes”.').waitFor();

    await edit(page, id);
    const history = page.getByRole('region', { name: 'Revisions' });
    const item = history.getByRole('listitem');
    await item.getByText('Answer leads fast').waitFor();
    expect(await item.count()).toBe(1);
    await item.getByRole('button', { name: /^Restore the version saved/ }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Answer leads fast');
    await page.getByText(/is in the form\. Review it, then Update Post to keep it\./).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.getByText('Saved “Answer leads fast”.').waitFor();
    const { html } = await publicHtml('/blog/lead-speed');
    expect(html).toContain('<h1 class="blog-post__title">Answer leads fast</h1>');
  });
});

describe('the slug check', () => {
  it('suggests the next free slug while the title is typed, and takes it', async () => {
    const { page } = browsing;
    await createdPost('meta-ads-basics', 'Meta Ads basics');
    await openManager(page);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Meta Ads Basics');
    await page
      .getByText('“meta-ads-basics” is already used by another post. “meta-ads-basics-2” is free.')
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use “meta-ads-basics-2”' }).click();
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe('meta-ads-basics-2');
    await page.getByText('“meta-ads-basics-2” is free.').waitFor();
  });
});

describe('unsaved changes', () => {
  it('ask before Back to Posts and the browser’s Back, and survive a reload', async () => {
    const { page } = browsing;
    const { id } = await createdPost('unsaved-work', 'Unsaved work');
    await openManager(page);
    await page.getByRole('button', { name: 'Edit “Unsaved work”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    await page.getByLabel('Summary', { exact: true }).fill('A summary half written');

    let asked = nextDialog(page, false);
    await page.getByRole('button', { name: /Back to Posts/ }).click();
    expect(await asked).toBe('You have unsaved changes. Leave without saving them?');
    expect(page.url()).toBe(`${site.url}/admin?edit=${id}`);

    asked = nextDialog(page, false);
    await page.goBack();
    expect(await asked).toBe('You have unsaved changes. Leave without saving them?');
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    expect(await page.getByLabel('Summary', { exact: true }).inputValue()).toBe(
      'A summary half written',
    );

    // A reload (the browser asks through beforeunload, which a script cannot answer for it), once
    // the form has kept what was typed, as it does when typing pauses.
    await expect
      .poll(() =>
        page.evaluate(
          // Where the form keeps a post's draft (draftKey in use-unsaved-changes.ts).
          (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { values?: object }).values,
          `blog-manager-draft:${id}`,
        ),
      )
      .toMatchObject({ summary: 'A summary half written' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    await page.getByText(/^Your unsaved changes from .+ are back in the form\./).waitFor();
    expect(await page.getByLabel('Summary', { exact: true }).inputValue()).toBe(
      'A summary half written',
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    asked = nextDialog(page, true);
    await page.getByRole('button', { name: /Back to Posts/ }).click();
    await asked;
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    // Leaving on purpose forgets the draft.
    await edit(page, id);
    expect(await page.getByLabel('Summary', { exact: true }).inputValue()).toBe('Summary.');
  });

  it('warn before the tab closes, once there is something to lose', async () => {
    const { page } = browsing;
    await openManager(page);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    // What the browser does before it closes or reloads the tab: a cancelled event asks.
    const asks = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await asks()).toBe(false);
    await page.getByLabel('Title', { exact: true }).fill('Half a thought');
    expect(await asks()).toBe(true);
  });
});

/** A PNG of `width` × `height` drawn by the browser, as base64. */
function pngOf(page: Page, width: number, height: number): Promise<string> {
  return page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1d4f91';
      context.fillRect(0, 0, w!, h!);
      context.fillStyle = '#c2410c';
      context.fillRect(w! / 4, h! / 4, w! / 2, h! / 2);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height],
  );
}

describe('images', () => {
  it('uploads a hero image with a preview and a pasted body image, both served with their copies', async () => {
    const { page } = browsing;
    await startPost(page, {
      title: 'Pictures of spring',
      summary: 'Two pictures.',
      content: 'Before the chart.\n\n',
    });

    // A file of the wrong type is refused before anything is sent.
    await page.getByLabel('Or upload an image').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.getByText('notes.txt: Choose a JPEG, PNG, WebP or AVIF image.').waitFor();

    const hero = Buffer.from(await pngOf(page, 1200, 600), 'base64');
    await page.getByLabel('Or upload an image').setInputFiles({
      name: 'spring-hero.png',
      mimeType: 'image/png',
      buffer: hero,
    });
    await page.getByText('Uploaded spring-hero.png.').waitFor();
    const heroUrl = await page.getByLabel('Hero Image URL (optional)').inputValue();
    expect(heroUrl).toMatch(
      new RegExp(`^${site.url}/storage/v1/object/public/blog-images/[\\w-]+/1200x600-r\\.png$`),
    );
    const preview = page.getByRole('img', { name: 'Hero image preview' });
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1200);

    // An image pasted into the content is uploaded and written in at the cursor, on its own
    // lines, with the alt text the writer gives when asked.
    const content = page.getByLabel(/^Content/);
    await content.focus();
    await content.press('End');
    const chart = await pngOf(page, 800, 400);
    await content.evaluate((textarea, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'sales-chart.png', { type: 'image/png' }));
      textarea.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, chart);
    const dialog = page.getByRole('dialog', { name: 'Describe the image' });
    await dialog.waitFor();
    const alt = dialog.getByLabel('Alt text');
    await expect.poll(() => alt.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.getByText('Describe the image, or leave it out.').waitFor();
    expect(await alt.getAttribute('aria-invalid')).toBe('true');
    await alt.fill('Sales per month, doubling from March');
    await alt.press('Enter');
    await page.getByText('Uploaded sales-chart.png.').waitFor();
    await expect
      .poll(() => content.inputValue())
      .toMatch(
        /^Before the chart\.\n\n!\[Sales per month, doubling from March\]\(http.+\/800x400-r\.png\)$/,
      );
    expect(await dialog.count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText('Saved “Pictures of spring”.').waitFor();

    const { html } = await publicHtml('/blog/pictures-of-spring');
    const folder = heroUrl.replace(/\/1200x600-r\.png$/, '');
    expect(html).toContain(
      `srcSet="${folder}/480w.webp 480w, ${folder}/960w.webp 960w, ${heroUrl} 1200w"`,
    );
    expect(html).toMatch(
      /<img src="[^"]+\/800x400-r\.png" width="800" height="400" srcSet="[^"]+\/480w\.webp 480w, [^"]+800x400-r\.png 800w"/,
    );
    expect(html).toContain('alt="Sales per month, doubling from March"');

    const served = await fetch(`${folder}/960w.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect((await fetch(heroUrl)).headers.get('content-type')).toBe('image/png');
  });
});

describe('a broken image', () => {
  it('never shows visitors a broken-image box, in the list or on the post', async () => {
    const { page } = browsing;
    const { error } = await admin.from('blog_posts').insert({
      ...postInput('lost-hero', { title: 'A post whose image is gone' }),
      published_date: new Date().toISOString(),
      hero_image_url: `${site.url}/storage/v1/object/public/blog-images/gone/640x360.jpg`,
      content: `Text.\n\n![A chart](${site.url}/no-such-chart.png)`,
    });
    if (error) throw error;
    const shown = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((images) => images.map((image) => getComputedStyle(image).display !== 'none'));
    await page.goto(`${site.url}/blog`, { waitUntil: 'load' });
    // This post's card; another test's post may have a working image.
    await expect
      .poll(() =>
        page
          .locator('article.post-card', { hasText: 'A post whose image is gone' })
          .locator('img')
          .evaluateAll((images) => images.map((image) => getComputedStyle(image).display)),
      )
      .toEqual(['none']);
    await page.goto(`${site.url}/blog/lost-hero`, { waitUntil: 'load' });
    await expect.poll(() => shown('img.blog-post__hero')).toEqual([false]);
    await expect.poll(() => shown('.blog-post__body img')).toEqual([false]);
    await page.getByRole('heading', { level: 1, name: 'A post whose image is gone' }).waitFor();
  });
});

describe('focus', () => {
  const signingIn = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

  it('lands on the list’s heading after sign-in, then on the form’s heading', async () => {
    const { page } = signingIn;
    await signInThroughForm(page, site.url);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe('Blog Posts Management');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await expect.poll(focused).toBe('Create New Post');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

/** Drops a PNG file on the content field, as a file dragged from the desktop is dropped. */
async function dropImage(page: Page, name: string, base64: string) {
  await page.getByLabel(/^Content/).evaluate(
    (textarea, [fileName, data]) => {
      const bytes = Uint8Array.from(atob(data!), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName!, { type: 'image/png' }));
      textarea.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    },
    [name, base64],
  );
}

describe('a dropped image', () => {
  it('goes on its own lines where the cursor is, with the alt text asked for, or not at all', async () => {
    const { page } = browsing;
    await startPost(page, {
      title: 'Dropped pictures',
      summary: 'Pictures dropped in.',
      content: 'Leads doubled in March.',
    });
    const content = page.getByLabel(/^Content/);
    // The cursor after "Leads doubled": the image must not be glued to the line.
    await content.evaluate((textarea: HTMLTextAreaElement) => textarea.setSelectionRange(13, 13));
    await dropImage(page, 'image.png', await pngOf(page, 600, 300));
    const dialog = page.getByRole('dialog', { name: 'Describe the image' });
    await dialog.getByText(/^What image\.png shows/).waitFor();
    expect(await dialog.getByLabel('Alt text').inputValue()).toBe('');
    await dialog.getByLabel('Alt text').fill('Leads per week');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await expect
      .poll(() => content.inputValue())
      .toMatch(/^Leads doubled\n\n!\[Leads per week\]\(http.+\/600x300-r\.png\)\n\nin March\.$/);

    // Left out (Escape closes the question): the image and its blank lines go again.
    const before = await content.inputValue();
    await content.evaluate((textarea: HTMLTextAreaElement) =>
      textarea.setSelectionRange(textarea.value.length, textarea.value.length),
    );
    await dropImage(page, 'second.png', await pngOf(page, 300, 200));
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Uploaded second.png.').waitFor();
    await expect.poll(() => content.inputValue()).toBe(before);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('emptying a scheduled post’s date', () => {
  it('publishes the post when it is saved', async () => {
    const { page } = browsing;
    const { data, error } = await admin
      .from('blog_posts')
      .insert({
        ...postInput('publish-now', { title: 'Publish me now' }),
        published_date: '2099-05-01T08:00:00Z',
      })
      .select('id')
      .single();
    if (error) throw error;
    expect((await publicHtml('/blog/publish-now')).status).toBe(404);
    await edit(page, (data as { id: string }).id);
    const date = page.getByLabel('Publication date (optional)');
    expect(await date.inputValue()).toBe('2099-05-01T10:00');
    await page
      .getByText(/^Scheduled: the post appears on the blog on 1 May 2099, 10:00 CEST\./)
      .waitFor();
    await date.fill('');
    await page.getByText(/^Scheduled: /).waitFor({ state: 'detached' });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.getByText('Saved “Publish me now”.').waitFor();
    const row = page.getByRole('article', { name: 'Publish me now' });
    await row.getByText('Published', { exact: true }).waitFor();
    const { status, html } = await publicHtml('/blog/publish-now');
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="blog-post__title">Publish me now</h1>');
  });
});

describe('a writer in New York', () => {
  const inNewYork = pagePerTest(
    () => browser,
    () => ({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'America/New_York',
      storageState: signedIn,
    }),
  );

  it('reads and writes the date in Stockholm time, which the field and the list name', async () => {
    const { page } = inNewYork;
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );
    await startPost(page, {
      title: 'After the clocks change',
      summary: 'Published in Swedish summer time.',
      content: 'Spring forward.',
    });
    const date = page.getByLabel('Publication date (optional)');
    const hint = await date.getAttribute('aria-describedby');
    expect(hint).toBeTruthy();
    expect(await page.locator(`[id="${hint}"]`).textContent()).toMatch(
      /^Stockholm time \(CET\/CEST\)\. Leave it empty to publish when you save\./,
    );
    // Sweden's clocks go forward on 28 March 2027 (New York's went on 14 March): 09:00 that
    // morning is 07:00 UTC, and the day before it is 08:00 UTC.
    await date.fill('2027-03-28T09:00');
    await page
      .getByText('Scheduled: the post appears on the blog on 28 Mar 2027, 09:00 CEST.')
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText('Saved “After the clocks change”.').waitFor();
    const row = page.getByRole('article', { name: 'After the clocks change' });
    await row.getByText('Scheduled for: 28 Mar 2027, 09:00 CEST').waitFor();
    await row.getByText(/^Updated: .+ (CET|CEST)$/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const stored = async () => {
      const { data, error } = await admin
        .from('blog_posts')
        .select('id, published_date')
        .eq('slug', 'after-the-clocks-change')
        .single();
      if (error) throw error;
      return data as { id: string; published_date: string };
    };
    const saved = await stored();
    expect(new Date(saved.published_date).toISOString()).toBe('2027-03-28T07:00:00.000Z');

    await edit(page, saved.id);
    expect(await date.inputValue()).toBe('2027-03-28T09:00');
    await date.fill('2027-03-27T09:00');
    await page
      .getByText('Scheduled: the post appears on the blog on 27 Mar 2027, 09:00 CET.')
      .waitFor();
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.getByText('Saved “After the clocks change”.').waitFor();
    expect(new Date((await stored()).published_date).toISOString()).toBe(
      '2027-03-27T08:00:00.000Z',
    );
  });
});

describe('the preview', () => {
  it('shows the post as its page will: title, byline, hero image, summary and body', async () => {
    const { page } = browsing;
    await startPost(page, {
      title: 'How we answer leads',
      summary: 'Within five minutes, every time.',
      content: '## The rule\n\nAnswer **fast**.',
    });
    await page.getByLabel('Hero Image URL (optional)').fill(`${site.url}/og-default.png`);
    await page.getByRole('button', { name: 'Show Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { level: 3, name: 'How we answer leads' }).waitFor();
    await preview.getByText('Within five minutes, every time.').waitFor();
    await preview.getByText('By Nordic Lead Agency Team').waitFor();
    await preview.getByText('1 min read').waitFor();
    expect(await preview.getByRole('img', { name: 'How we answer leads' }).count()).toBe(1);
    expect(await preview.locator('.blog-post__body strong').textContent()).toBe('fast');
    // The page's own styles: the same title size and column as on /blog/<slug>.
    expect(
      await preview
        .locator('.blog-post__container')
        .evaluate((element) => getComputedStyle(element).maxWidth),
    ).toBe('768px');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('a private preview link', () => {
  it('shows a draft to a colleague who is not signed in, until it is changed', async () => {
    const { page } = browsing;
    const { data, error } = await admin
      .from('blog_posts')
      .insert({
        ...postInput('shared-draft', { title: 'A draft to share' }),
        is_published: false,
        published_date: null,
        content: 'What we *think* so far.',
      })
      .select('id')
      .single();
    if (error) throw error;
    await edit(page, (data as { id: string }).id);
    const share = page.getByRole('region', { name: 'Share a preview' });
    await share.getByRole('button', { name: 'Create preview link' }).click();
    const field = share.getByLabel('Preview link');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${site.url}/blog/preview/[\\w.-]+$`));
    await share.getByText(/^The link works until .+ (CET|CEST)\.$/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const colleague = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const preview = await colleague.newPage();
      const response = await preview.goto(url, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await preview.getByRole('heading', { level: 1, name: 'A draft to share' }).waitFor();
      await preview
        .getByRole('complementary', { name: 'Preview' })
        .getByText('It is a draft: it appears once it is published.')
        .waitFor();
      expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await accessibilityViolations(preview)).toEqual([]);

      const changed = url.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      const refused = await preview.goto(changed, { waitUntil: 'load' });
      expect(refused?.status()).toBe(403);
      await preview
        .getByRole('heading', { level: 1, name: 'This preview link is not valid' })
        .waitFor();
      expect(await accessibilityViolations(preview)).toEqual([]);
    } finally {
      await colleague.close();
    }
  });
});
