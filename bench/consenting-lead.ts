// What Meta's Lead event costs the booking form: the form's POST (no JavaScript) answered to a
// visitor whose consent cookie allows marketing (the lead, then its event queued with the service
// key: two requests to the data API) against one whose choice does not (the lead alone), with the
// Conversions API configured. Alternated, sequential, each lead from its own address and e-mail;
// printed, never asserted. Run alone with `node bench/consenting-lead.ts`.
import { freePort } from '../tests/support/ports.ts';
import { startSite } from '../tests/support/site.ts';

const LEADS = Number(process.env.BENCH_CONSENT_LEADS ?? 150);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function printConsentingLead(): Promise<void> {
  const site = await startSite({
    SEED_DEMO: 'false',
    FORM_MIN_FILL_SECONDS: '0',
    META_PIXEL_ID: '1234567890',
    META_CAPI_TOKEN: 'EAAbench-conversions-api-token',
    // A port nobody listens on, so the outbox's sends fail fast and back off.
    META_GRAPH_URL: `http://127.0.0.1:${await freePort()}`,
  });
  try {
    const page = await (await fetch(`${site.url}/book-call`)).text();
    const formStart = page.match(/name="form_start" value="([^"]+)"/)?.[1] ?? '';
    const timings: Record<'accepted' | 'rejected', number[]> = { accepted: [], rejected: [] };
    for (let n = 0; n < 2 * LEADS; n += 1) {
      const consent = n % 2 ? 'rejected' : 'accepted';
      const started = performance.now();
      const response = await fetch(`${site.url}/book-call`, {
        method: 'POST',
        headers: {
          Cookie: `cookie_consent=${consent}`,
          'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: new URLSearchParams({
          form_start: formStart,
          name: `Bench ${n}`,
          email: `bench.${n}@example.se`,
          phone_number: '070-123 45 67',
          company_name: `Bench ${n} AB`,
          problems: 'We get too few enquiries in the winter months.',
          how_found_us: 'Google',
          additional_info: '',
        }),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      if (response.status !== 303) throw new Error(`Lead ${n} answered ${response.status}`);
      // The first leads of each kind warm the server up.
      if (n >= 20) timings[consent].push(performance.now() - started);
    }
    console.log(`\nThe booking form's POST with the Conversions API on (${LEADS} leads each):`);
    console.table(
      Object.entries(timings).map(([consent, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return {
          visitor: consent === 'accepted' ? 'allows marketing (lead + event)' : 'rejects (lead)',
          leads: sorted.length,
          'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
          'p95 ms': Number(percentile(sorted, 95).toFixed(1)),
        };
      }),
    );
  } finally {
    await site.stop();
  }
}

if (import.meta.main) await printConsentingLead();
