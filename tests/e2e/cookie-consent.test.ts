// Cookie consent in a real browser: the cookie banner (accept, reject, choose, reopen from the
// footer, withdraw; with and without JavaScript; English and Swedish; axe), no request to another
// origin on any public page before consent, the sign-up frames once marketing is allowed, from the
// banner or from the frame's own placeholder, and Meta's pixel (marketing) and Clarity (analytics),
// configured and loaded from a local stand-in on another origin, only once their category is
// allowed, with the pixel's Lead on the thank-you page carrying the lead's ID.
// Long because the banner, the frames and the tags share one site configured with the tags'
// stand-in: another file would start both again in the serial browser run.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { gotoHydrated, pagePerTest, pastDeferredFrames } from '../support/browser.ts';
import { englishLabels, fill } from '../support/booking-form.ts';
import { englishPagePaths, swedishPagePaths } from '../support/pages.ts';
import { signedInAdmin } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

let tags: Awaited<ReturnType<typeof startTagStandIn>>;

const PIXEL_ID = '1234567890';
const CLARITY_ID = 'abc123xyz';

/**
 * The vendors' scripts, served by a local stand-in on another origin (another port). Its
 * fbevents.js takes over the loader's queue as Meta's does, keeps every call in
 * window.pixelCalls and reports it to the stand-in (/tr, as the real pixel reports to Meta), so
 * the test reads what the page sent. Clarity's tag is an empty script. Every request is recorded.
 */
async function startTagStandIn() {
  const requests: string[] = [];
  let origin = '';
  const fbevents = () => `(function () {
  var fbq = window.fbq, calls = (window.pixelCalls = []);
  function call() {
    var args = Array.prototype.slice.call(arguments);
    calls.push(args);
    var report = new URLSearchParams({ method: String(args[0]), name: String(args[1]) });
    if (args[3] && args[3].eventID) report.set('eid', args[3].eventID);
    navigator.sendBeacon(${JSON.stringify(origin)} + '/tr?' + report);
  }
  var queued = fbq.queue.splice(0);
  fbq.callMethod = call;
  queued.forEach(function (args) { call.apply(null, args); });
})();`;
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    request.resume();
    const path = new URL(request.url ?? '/', origin).pathname;
    const script = path === '/fbevents.js' ? fbevents() : path.startsWith('/tag/') ? '' : null;
    if (script === null) response.writeHead(204).end();
    else response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** The requests' paths and queries since the last call. */
    take: () => requests.splice(0),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const forms = {
  NEWSLETTER_ACCOUNT_ID: '424242',
  NEWSLETTER_FORM_ID_EN: '111111111111111111',
  NEWSLETTER_FORM_ID_SV: '222222222222222222',
  GUIDE_FORM_ID_EN: '333333333333333333',
  GUIDE_FORM_ID_SV: '444444444444444444',
};

beforeAll(async () => {
  tags = await startTagStandIn();
});

afterAll(async () => {
  await tags?.close();
});

// Settings read when the site starts, once the stand-in listens and has its address.
const { site, browser } = siteAndBrowserPerFile(() => ({
  SEED_DEMO: 'true',
  // The booking below is filled faster than a person could.
  FORM_MIN_FILL_SECONDS: '0',
  ...forms,
  META_PIXEL_ID: PIXEL_ID,
  META_PIXEL_SCRIPT_URL: `${tags.origin}/fbevents.js`,
  CLARITY_ID,
  CLARITY_SCRIPT_URL: `${tags.origin}/tag/`,
}));

const banner = (page: Page, name = 'Cookie consent') => page.getByRole('region', { name });

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value;
}

/** Marks the window, so a later check can tell that the page was not loaded again. */
const markWindow = (page: Page) =>
  page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

describe('with JavaScript', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 390, height: 844 } });

  it('shows the banner on the first visit, with three equally prominent buttons and nothing ticked', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/blog`);
    const region = banner(page);
    await region.waitFor();
    const buttons = [
      region.getByRole('button', { name: 'Accept all' }),
      region.getByRole('button', { name: 'Reject all' }),
      region.getByRole('link', { name: 'Choose' }),
    ];
    const looks = await Promise.all(
      buttons.map(async (button) => {
        const box = (await button.boundingBox())!;
        const style = await button.evaluate((element) => {
          const css = getComputedStyle(element);
          return [css.fontSize, css.fontWeight, css.backgroundColor, css.color, css.borderWidth];
        });
        return { width: Math.round(box.width), height: Math.round(box.height), style };
      }),
    );
    expect(looks[1]).toEqual(looks[0]);
    expect(looks[2]).toEqual(looks[0]);
    // Overlaid at the bottom of the window, and below the footer once scrolled to the end.
    expect(await region.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
    const box = (await region.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${site.url}/privacy-policy`);
    await gotoHydrated(page, `${site.url}/blog`);

    await region.getByRole('link', { name: 'Choose' }).click();
    const boxes = region.getByRole('checkbox');
    expect(await boxes.count()).toBe(3);
    for (const checked of await boxes.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).checked),
    ))
      expect(checked).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('does not move the page: the header and main sit where they do once a choice is made', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    const place = () =>
      page.evaluate(() =>
        ['header', 'main', 'footer'].map((selector) => {
          const box = document.querySelector(selector)!.getBoundingClientRect();
          return [box.top, box.height];
        }),
      );
    const withBanner = await place();
    await context.addCookies([{ name: 'cookie_consent', value: 'rejected', url: site.url }]);
    await gotoHydrated(page, `${site.url}/`);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await place()).toEqual(withBanner);
  });

  it('accepts all without a reload, and the banner stays away on the next pages', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/blog`);
    await markWindow(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect(await stillMarked(page)).toBe(true);
    expect(await consentCookie(context)).toBe('accepted');
    await gotoHydrated(page, `${site.url}/privacy-policy`);
    expect(await banner(page).isVisible()).toBe(false);
  });

  it('rejects all, and the sign-up frame stays a placeholder', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/newsletter`);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect(await consentCookie(context)).toBe('rejected');
    // The banner hides once the choice is applied, frames it allows put in first
    // (app/enhance/consent.ts); the frames deferred past the load have had their moment as well.
    await pastDeferredFrames(page);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: 'Load the form and allow marketing' }).waitFor();
  });

  it('saves only the categories chosen', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    await markWindow(page);
    const region = banner(page);
    await region.getByRole('link', { name: 'Choose' }).click();
    await region.getByRole('checkbox', { name: /Analytics/ }).check();
    await region.getByRole('checkbox', { name: /Preferences/ }).check();
    await region.getByRole('button', { name: 'Save choices' }).click();
    await region.waitFor({ state: 'hidden' });
    expect(await consentCookie(context)).toBe('analytics.preferences');
    expect(await stillMarked(page)).toBe(true);
  });

  it('reopens from Cookie settings in the footer with the choice made, and withdraws as easily', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/newsletter`);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await page.locator('.signup-frame__slot > iframe').waitFor({ state: 'attached' });

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    const region = banner(page);
    await region.waitFor();
    for (const name of [/Analytics/, /Marketing/, /Preferences/])
      expect(await region.getByRole('checkbox', { name }).isChecked()).toBe(true);
    await region.getByRole('button', { name: 'Reject all' }).click();
    // The frame marketing no longer allows goes with a fresh page.
    await page.getByRole('button', { name: 'Load the form and allow marketing' }).waitFor();
    expect(await consentCookie(context)).toBe('rejected');
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('loads a frame from its placeholder, which allows marketing, without a reload and in the same space', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/sv/free-meta-ads-guide`);
    await banner(page, 'Samtycke till cookies').waitFor();
    const slot = page.locator('#get-the-guide .signup-frame__slot');
    const before = (await slot.boundingBox())!.height;
    expect(before).toBeGreaterThanOrEqual(400);
    await markWindow(page);
    await page.getByRole('button', { name: 'Hämta formuläret och tillåt marknadsföring' }).click();
    const frame = page.locator('#get-the-guide .signup-frame__slot > iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toContain(forms.GUIDE_FORM_ID_SV);
    expect((await slot.boundingBox())!.height).toBe(before);
    expect(await stillMarked(page)).toBe(true);
    expect(await consentCookie(context)).toBe('marketing');
  });

  it('speaks Swedish on Swedish pages, and passes axe with the banner showing', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/sv/blog`);
    const region = banner(page, 'Samtycke till cookies');
    await region.getByRole('heading', { name: 'Cookies på webbplatsen' }).waitFor();
    for (const name of ['Godkänn alla', 'Avvisa alla'])
      await region.getByRole('button', { name }).waitFor();
    await region.getByRole('link', { name: 'Välj själv' }).click();
    for (const name of [/Statistik/, /Marknadsföring/, /Inställningar/])
      expect(await region.getByRole('checkbox', { name }).isChecked()).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Cookietinställningar' })
        .count(),
    ).toBe(1);
  });

  it('posts and comes back on a page React renders (sign-in), where the banner then stays away', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/login`);
    await markWindow(page);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await page.waitForFunction(() => !(window as unknown as { marked?: boolean }).marked);
    await page.waitForURL(`${site.url}/login`);
    expect(await consentCookie(context)).toBe('rejected');
    expect(await banner(page).isVisible()).toBe(false);
  });

  it('offers the same choice on the settings page, which passes axe in both languages', async () => {
    const { page } = browsing;
    for (const [path, heading, buttons] of [
      ['/cookie-settings', 'Cookie settings', ['Accept all', 'Reject all', 'Save choices']],
      ['/sv/cookie-settings', 'Cookietinställningar', ['Godkänn alla', 'Avvisa alla', 'Spara val']],
    ] as const) {
      await gotoHydrated(page, site.url + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByRole('checkbox').count(), path).toBe(3);
      for (const name of buttons) await page.getByRole('button', { name }).waitFor();
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });
});

describe('without JavaScript', () => {
  const browsing = pagePerTest(() => browser, { javaScriptEnabled: false });

  it('accepts all with a form post that comes back to the same page', async () => {
    const { page, context } = browsing;
    await page.goto(`${site.url}/blog?page=2`);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await page.waitForURL(`${site.url}/blog?page=2`);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await consentCookie(context)).toBe('accepted');
  });

  it('chooses on the settings page, reopens it from the footer and withdraws there', async () => {
    const { page, context } = browsing;
    await page.goto(`${site.url}/sv/newsletter`);
    await banner(page, 'Samtycke till cookies').getByRole('link', { name: 'Välj själv' }).click();
    await page.waitForURL(`${site.url}/sv/cookie-settings`);
    await page.getByRole('heading', { level: 1, name: 'Cookietinställningar' }).waitFor();
    await page.getByRole('checkbox', { name: /Marknadsföring/ }).check();
    await page.getByRole('button', { name: 'Spara val' }).click();
    await page.waitForURL(`${site.url}/sv/newsletter`);
    expect(await consentCookie(context)).toBe('marketing');
    // Marketing allowed: the frame is the browser's own, from <noscript>.
    expect(await page.locator('iframe').getAttribute('src')).toContain(forms.NEWSLETTER_FORM_ID_SV);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookietinställningar' }).click();
    await page.waitForURL(`${site.url}/sv/cookie-settings`);
    expect(await page.getByRole('checkbox', { name: /Marknadsföring/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Avvisa alla' }).click();
    await page.waitForURL(`${site.url}/sv/newsletter`);
    expect(await consentCookie(context)).toBe('rejected');
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('loads a frame from its placeholder with a form post', async () => {
    const { page, context } = browsing;
    await page.goto(`${site.url}/newsletter`);
    await page.getByRole('button', { name: 'Load the form and allow marketing' }).click();
    await page.waitForURL(`${site.url}/newsletter`);
    expect(await consentCookie(context)).toBe('marketing');
    expect(await page.locator('iframe').getAttribute('src')).toContain(forms.NEWSLETTER_FORM_ID_EN);
  });
});

describe('third parties', () => {
  /**
   * Requests from the page to any origin but the site's, and the addresses of the frames and
   * scripts from elsewhere it holds, once it has settled: loaded, enhanced, past its frames' moment
   * and with every request to the site answered (the tags' chunk among them, which adds their
   * scripts), and once the stand-in has received each of `tagsAwaited`.
   */
  async function otherOrigins(
    path: string,
    consent?: string,
    tagsAwaited: readonly string[] = [],
  ): Promise<string[]> {
    const context = await browser.newContext();
    try {
      if (consent)
        await context.addCookies([{ name: 'cookie_consent', value: consent, url: site.url }]);
      const page = await context.newPage();
      const requests: string[] = [];
      const pending = new Set<Request>();
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== site.url) requests.push(request.url());
        else pending.add(request);
      });
      const answered = (request: Request) => pending.delete(request);
      page.on('requestfinished', answered);
      page.on('requestfailed', answered);
      await page.goto(site.url + path, { waitUntil: 'load' });
      await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
      await pastDeferredFrames(page);
      for (const tag of tagsAwaited)
        await expect
          .poll(() => tags.requests.includes(tag), { message: `${path}: ${tag}`, timeout: 10_000 })
          .toBe(true);
      await expect
        .poll(() => pending.size, {
          message: `${path}: the site's requests answered`,
          timeout: 10_000,
        })
        .toBe(0);
      const held = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLIFrameElement | HTMLScriptElement>(
            'iframe[src], script[src]',
          ),
          (element) => element.src,
        ),
      );
      return [...requests, ...held.filter((url) => new URL(url).origin !== site.url)];
    } finally {
      await context.close();
    }
  }

  const publicPages = [
    ...englishPagePaths,
    ...swedishPagePaths,
    '/cookie-settings',
    '/sv/cookie-settings',
  ];
  /** The thank-you pages as a booking leaves them with the pixel configured: with a lead's ID. */
  const leadId = '0b5d3c1e-8f0a-4d2b-9c6e-3a7f1e2d4b5c';
  const thankYouWithLead = [
    `/book-call/thank-you?lead=${leadId}`,
    `/sv/book-call/thank-you?lead=${leadId}`,
  ];

  const origins = (requests: string[]) => [...new Set(requests.map((url) => new URL(url).origin))];

  it('are never asked for anything on any public page before consent, nor after a rejection', async () => {
    tags.take();
    for (const path of [...publicPages, ...thankYouWithLead]) {
      expect(await otherOrigins(path), path).toEqual([]);
      expect(await otherOrigins(path, 'rejected'), path).toEqual([]);
    }
    // Nor did the tags' stand-in hear from anyone.
    expect(tags.take()).toEqual([]);
  });

  it('load the sign-up frames, Meta’s pixel and Clarity once everything is allowed, and nothing else', async () => {
    for (const path of publicPages) {
      tags.take();
      const requests = await otherOrigins(path, 'accepted', ['/fbevents.js', `/tag/${CLARITY_ID}`]);
      const framed = /\/(newsletter|free-meta-ads-guide)$/.test(path);
      expect(origins(requests).sort(), path).toEqual(
        (framed ? [tags.origin, 'https://preview.mailerlite.io'] : [tags.origin]).sort(),
      );
      const received = tags.take();
      expect(received, path).toContain('/fbevents.js');
      expect(received, path).toContain(`/tag/${CLARITY_ID}`);
    }
  });

  it('load only the pixel for marketing, only Clarity for analytics', async () => {
    for (const [consent, script, other] of [
      ['marketing', '/fbevents.js', `/tag/${CLARITY_ID}`],
      ['analytics', `/tag/${CLARITY_ID}`, '/fbevents.js'],
    ] as const) {
      tags.take();
      expect(origins(await otherOrigins('/sv', consent, [script])), consent).toEqual([tags.origin]);
      const received = tags.take();
      expect(received, consent).toContain(script);
      expect(received, consent).not.toContain(other);
    }
  });

  describe('in a visitor’s page', () => {
    const browsing = pagePerTest(() => browser, {
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' },
    });

    const windowHas = (page: Page, name: string) => page.evaluate((key) => key in window, name);
    const pixelCalls = (page: Page) =>
      page.evaluate(() => (window as unknown as { pixelCalls?: unknown[][] }).pixelCalls ?? []);

    it('loads the pixel when marketing is chosen in the banner, and Clarity when analytics is, without a reload', async () => {
      const { page } = browsing;
      tags.take();
      await gotoHydrated(page, `${site.url}/blog`);
      await markWindow(page);
      expect(await windowHas(page, 'fbq')).toBe(false);

      const region = banner(page);
      await region.getByRole('link', { name: 'Choose' }).click();
      await region.getByRole('checkbox', { name: /Marketing/ }).check();
      await region.getByRole('button', { name: 'Save choices' }).click();
      await region.waitFor({ state: 'hidden' });
      await expect.poll(() => tags.requests.includes('/fbevents.js')).toBe(true);
      await page.waitForFunction(() => 'pixelCalls' in window);
      expect(await pixelCalls(page)).toEqual([
        ['init', PIXEL_ID],
        ['track', 'PageView'],
      ]);
      expect(await windowHas(page, 'clarity')).toBe(false);
      expect(tags.requests).not.toContain(`/tag/${CLARITY_ID}`);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
      await region.waitFor();
      await region.getByRole('checkbox', { name: /Analytics/ }).check();
      await region.getByRole('button', { name: 'Save choices' }).click();
      await region.waitFor({ state: 'hidden' });
      await expect.poll(() => tags.requests.includes(`/tag/${CLARITY_ID}`)).toBe(true);
      expect(await stillMarked(page)).toBe(true);
      // One pixel on the page: its script once, its PageView once.
      expect(tags.requests.filter((path) => path === '/fbevents.js')).toHaveLength(1);
      expect(await pixelCalls(page)).toHaveLength(2);
    });

    /** Books a call on the English page as the visitor; answers the thank-you page's lead ID. */
    async function book(page: Page, email: string): Promise<string> {
      await gotoHydrated(page, `${site.url}/book-call`);
      await fill(page, englishLabels, {
        name: 'Pixel Visitor',
        email,
        phone: '070-123 45 67',
        company: 'Pixel AB',
        problems: 'We need more customers before the spring season.',
        howFoundUs: 'Google',
      });
      await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
      await page.waitForURL(/\/book-call\/thank-you\?lead=/);
      await page.getByRole('heading', { name: 'Thank You for Your Interest!', level: 1 }).waitFor();
      return new URL(page.url()).searchParams.get('lead')!;
    }

    async function storedLeadId(email: string): Promise<string | undefined> {
      const admin = await signedInAdmin(site);
      const { data, error } = await admin.from('consultations').select('id').eq('email', email);
      await admin.auth.signOut();
      if (error) throw error;
      return data[0]?.id;
    }

    it('tracks the Lead on the thank-you page with the lead’s ID as its eventID after a booking with marketing allowed', async () => {
      const { page, context } = browsing;
      await context.addCookies([{ name: 'cookie_consent', value: 'marketing', url: site.url }]);
      tags.take();
      const email = `pixel-${Date.now()}@example.se`;
      const id = await book(page, email);
      expect(await storedLeadId(email)).toBe(id);

      await page.waitForFunction(() =>
        (window as unknown as { pixelCalls?: unknown[][] }).pixelCalls?.some(
          (call) => call[1] === 'Lead',
        ),
      );
      expect(await pixelCalls(page)).toEqual([
        ['init', PIXEL_ID],
        ['track', 'PageView'],
        ['track', 'Lead', {}, { eventID: id }],
      ]);
      // What the stand-in heard from the page.
      await expect
        .poll(() => tags.requests)
        .toContain(`/tr?${new URLSearchParams({ method: 'track', name: 'Lead', eid: id })}`);
    });

    it('sends no pixel event after a booking without marketing allowed', async () => {
      const { page, context } = browsing;
      // Analytics only: the tags' chunk runs (Clarity), the pixel does not.
      await context.addCookies([{ name: 'cookie_consent', value: 'analytics', url: site.url }]);
      tags.take();
      const email = `no-pixel-${Date.now()}@example.se`;
      const id = await book(page, email);
      expect(await storedLeadId(email)).toBe(id);
      await page.waitForFunction(() => 'clarity' in window);
      expect(await windowHas(page, 'fbq')).toBe(false);
      expect(tags.requests.filter((path) => /fbevents|^\/tr/.test(path))).toEqual([]);
    });
  });
});
