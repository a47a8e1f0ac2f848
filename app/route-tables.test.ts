// React Router's server runtime built the whole route table again for every page it rendered (the
// route modules by id, the server's route tree, the static router's data routes) and matched the
// URL against every route branch twice. Ours is patched at install (patches/,
// docs/decisions/0047-route-tables-built-once.md): the tables are built once per build, and the
// static handler remembers the matches of the last paths it matched, handing out copies. This
// fails when the patch is not applied, and checks that each render still gets its own matches,
// params and data.
import { createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  reactRouterBuild as build,
  serverBuild,
  type ReactRouter,
} from '#tests/support/react-router-builds.ts';

/** What each render saw: the route modules and data routes it was given, and its HTML. */
interface Render {
  routeModules: unknown;
  dataRoutes: unknown;
  html: string;
}

/**
 * A two-route site (a layout and `blog/:slug`) on one of React Router's builds, rendered with its
 * own ServerRouter; the post's component shows its slug and loader data.
 */
async function site(name: 'production' | 'development') {
  const router = await build(name);
  const renders: Render[] = [];
  const seen: { dataRoutes?: unknown } = {};
  function Post() {
    const { router: dataRouter } = useContext(router.UNSAFE_DataRouterContext)!;
    seen.dataRoutes = dataRouter.routes;
    const { slug } = router.useParams();
    const data = router.useLoaderData<{ title: string }>();
    return createElement('p', null, `${slug}: ${data.title}`);
  }
  const handleRequest = (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
  ) => {
    const html = renderToString(createElement(router.ServerRouter, { context, url: request.url }));
    renders.push({ routeModules: context.routeModules, dataRoutes: seen.dataRoutes, html });
    return new Response(html, { status, headers });
  };
  const siteBuild = serverBuild(
    {
      root: { id: 'root', path: '', module: { default: () => createElement(router.Outlet) } },
      post: {
        id: 'post',
        parentId: 'root',
        path: 'blog/:slug',
        module: {
          loader: ({ params }: { params: { slug: string } }) => ({ title: `About ${params.slug}` }),
          default: Post,
        },
      },
    },
    {
      root: { id: 'root', path: '', module: '/root.js' },
      post: { id: 'post', parentId: 'root', path: 'blog/:slug', hasLoader: true, module: '/p.js' },
    },
    handleRequest,
  );
  return { renders, handle: router.createRequestHandler(siteBuild, name) };
}

/** A static handler for a layout and `blog/:slug`, with its (untyped) match. */
function staticHandler({ createStaticHandler }: ReactRouter) {
  const handler = createStaticHandler([
    { id: 'root', path: '/', children: [{ id: 'post', path: 'blog/:slug' }] },
  ]);
  type Match = { params: Record<string, string>; pathname: string; route: { id: string } };
  return handler as unknown as { match(location: { pathname: string }): Match[] | null };
}

let decode: MockInstance<typeof decodeURIComponent> | undefined;

/** Counts the calls of decodeURIComponent, which matching a path makes for each of its segments. */
function countDecodes() {
  decode = vi.spyOn(globalThis, 'decodeURIComponent');
  return decode;
}

afterEach(() => {
  decode?.mockRestore();
  decode = undefined;
});

describe.each(['production', 'development'] as const)("React Router's %s build", (name) => {
  it('builds the route tables once and renders each page with its own data', async () => {
    const { renders, handle } = await site(name);

    const first = await handle(new Request('http://agency.example/blog/first'));
    const second = await handle(new Request('http://agency.example/blog/second'));

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const [one, two] = renders as [Render, Render];
    expect(one.html).toContain('<p>first: About first</p>');
    expect(two.html).toContain('<p>second: About second</p>');
    expect(one.dataRoutes).toBeDefined();
    // Compared by identity only: the tables are large and the same by value anyway.
    expect(one.routeModules === two.routeModules).toBe(true);
    expect(one.dataRoutes === two.dataRoutes).toBe(true);
  });

  it('matches a path once and hands out copies of its matches', async () => {
    const handler = staticHandler(await build(name));
    const decode = countDecodes();

    const one = handler.match({ pathname: '/blog/first' })!;
    const matchedOnce = decode.mock.calls.length;
    one[1]!.params.slug = 'changed by a caller';
    const two = handler.match({ pathname: '/blog/first' })!;

    expect(matchedOnce).toBeGreaterThan(0);
    expect(decode.mock.calls.length).toBe(matchedOnce);
    expect(two.map((match) => [match.route.id, match.pathname, match.params])).toEqual([
      ['root', '/', { slug: 'first' }],
      ['post', '/blog/first', { slug: 'first' }],
    ]);
    expect(two[0]!.params === two[1]!.params).toBe(true);
    expect(handler.match({ pathname: '/nowhere' })).toBeNull();
    expect(handler.match({ pathname: '/nowhere' })).toBeNull();
  });

  it('remembers only the last 256 paths it matched', async () => {
    const handler = staticHandler(await build(name));
    const decode = countDecodes();

    handler.match({ pathname: '/blog/0' });
    for (let index = 1; index <= 256; index += 1) handler.match({ pathname: `/blog/${index}` });
    const before = decode.mock.calls.length;
    expect(handler.match({ pathname: '/blog/0' })![1]!.params).toEqual({ slug: '0' });

    expect(decode.mock.calls.length).toBeGreaterThan(before);
  });
});
