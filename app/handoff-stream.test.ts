// React Router hands a page's loader data to the browser as a stream its server runtime encodes.
// Ours is patched at install (patches/, docs/decisions/0046-a-hand-off-nobody-reads.md) to encode
// it only when a reader asks: a page rendered without hydration never does, and encoding it anyway
// was a tenth of such a page's render. This fails when the patch is not applied, and checks that a
// page that reads the stream still gets the same data.
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reactRouterBuild, serverBuild } from '#tests/support/react-router-builds.ts';

/**
 * A one-route site on one of React Router's builds, whose loader data counts how often it is read
 * and whose entry reads the hand-off only when the URL asks it to (`?hydrate`), answering with
 * what it read.
 */
async function site(name: 'production' | 'development') {
  const seen = { reads: 0 };
  const data = { agency: 'Acme' };
  Object.defineProperty(data, 'probe', {
    enumerable: true,
    get() {
      seen.reads += 1;
      return 'read';
    },
  });
  const handleRequest = async (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
  ) => {
    if (!new URL(request.url).searchParams.has('hydrate'))
      return new Response('<p>a page without hydration</p>', { status, headers });
    const reader = context.serverHandoffStream!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return new Response(new TextDecoder().decode(value), { status, headers });
  };
  const siteBuild = serverBuild(
    { root: { id: 'root', path: '', module: { loader: () => data, default: () => null } } },
    { root: { id: 'root', path: '', hasLoader: true, module: '/root.js' } },
    handleRequest,
  );
  const { createRequestHandler } = await reactRouterBuild(name);
  return { seen, handle: createRequestHandler(siteBuild, name) };
}

describe.each(['production', 'development'] as const)("React Router's %s build", (name) => {
  it('does not encode the loader data for a page that never reads it', async () => {
    const { seen, handle } = await site(name);

    const response = await handle(new Request('http://agency.example/'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>a page without hydration</p>');
    // Encoding walks every value of the data; nothing asked for it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.reads).toBe(0);
  });

  it('encodes the same data for a page that reads it', async () => {
    const { seen, handle } = await site(name);

    const response = await handle(new Request('http://agency.example/?hydrate'));
    expect(response.status).toBe(200);
    const encoded = await response.text();
    expect(encoded).toContain('"agency","Acme","probe","read"');
    expect(seen.reads).toBe(1);
  });
});
