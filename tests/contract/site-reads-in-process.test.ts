// The site's own reads on the embedded backend go through the in-process fetch (decision 34): a
// rendered page that reads posts, the agency's details and the booking settings opens no
// connection but the visitor's, on PGlite and on PostgreSQL, in both languages. Sockets accepted
// are counted through Node's `net.server.socket` diagnostics channel, so a read that went back
// over a socket would show as a second one.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '#tests/support/backend.ts';

/** A cookie of the kind a signed-in session carries: the page renders rather than comes cached. */
const RENDERING_COOKIE = 'sb-test-auth-token=x';

describe.each(backendKinds)('the site on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, { SEED_DEMO: 'true' }, { site: true });
  });
  afterAll(async () => backend?.close());

  it.each([
    ['English', '/blog', 'Blog'],
    ['Swedish', '/sv/blog', 'Blogg'],
  ])(
    'renders the %s blog list from its data with no socket but the visitor’s',
    async (_, path, word) => {
      let accepted = 0;
      const count = () => {
        accepted++;
      };
      subscribe('net.server.socket', count);
      try {
        const response = await fetch(backend.url + path, {
          headers: { cookie: RENDERING_COOKIE, connection: 'close' },
        });
        const html = await response.text();
        expect(response.status).toBe(200);
        expect(html).toContain(word);
        // A demo post's link: the loader's read of the posts came back.
        expect(html).toMatch(/href="(\/sv)?\/blog\/[a-z0-9-]+"/);
      } finally {
        unsubscribe('net.server.socket', count);
      }
      expect(accepted).toBe(1);
    },
  );
});
