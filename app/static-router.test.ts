// React Router builds a static router for every page the server renders. Ours is patched at
// install (patches/, docs/decisions/0045-routers-that-die-young.md) so that the router's accessors
// live on one shared prototype: accessors written in each router's object literal made V8 keep
// every render's state alive until the next full collection. This fails when the patch is not
// applied, and checks that the patched router still reads the render's own context.
import type { StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reactRouterBuild as build, type ReactRouter } from '#tests/support/react-router-builds.ts';

async function renderContext({ createStaticHandler }: ReactRouter, url: string) {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => ({ agency: 'Acme' }),
      children: [
        { id: 'post', path: 'blog/:slug', loader: ({ params }) => ({ slug: params.slug }) },
      ],
    },
  ]);
  const context = await handler.query(new Request(`http://site.test${url}`));
  if (context instanceof Response)
    throw new Error(`Expected a render context, got ${context.status}`);
  return { handler, context: context as StaticHandlerContext };
}

const accessors = ['basename', 'future', 'state', 'routes', 'manifest', 'window'];

describe.each(['production', 'development'] as const)(
  "React Router's static router (%s)",
  (name) => {
    it('keeps its accessors on one prototype that every router shares', async () => {
      const router = await build(name);
      const { createStaticRouter } = router;
      const { handler, context } = await renderContext(router, '/blog/first');
      const one = createStaticRouter(handler.dataRoutes, context);
      const two = createStaticRouter(handler.dataRoutes, context);
      for (const name of accessors)
        expect(Object.getOwnPropertyDescriptor(one, name)).toBeUndefined();
      // Compared by identity only: the shared accessors read a router's fields, not the prototype's.
      const shared = Object.getPrototypeOf(one) as object;
      expect(shared === Object.getPrototypeOf(two)).toBe(true);
      expect(shared === Object.prototype).toBe(false);
      expect(Object.getOwnPropertyNames(shared).sort()).toEqual([...accessors].sort());
    });

    it("answers with each render's own routes, matches and data", async () => {
      const router = await build(name);
      const { createStaticRouter } = router;
      const first = await renderContext(router, '/blog/first');
      const second = await renderContext(router, '/blog/second');
      const one = createStaticRouter(first.handler.dataRoutes, first.context, {
        future: { v8_middleware: true } as never,
      });
      const two = createStaticRouter(second.handler.dataRoutes, second.context);

      expect(one.state.loaderData).toEqual({ root: { agency: 'Acme' }, post: { slug: 'first' } });
      expect(two.state.loaderData).toEqual({ root: { agency: 'Acme' }, post: { slug: 'second' } });
      expect(one.state.matches.map((match) => match.route.id)).toEqual(['root', 'post']);
      expect(one.state.location.pathname).toBe('/blog/first');
      expect(one.state.navigation.state).toBe('idle');
      expect(one.routes.map((route) => route.id)).toEqual(['root']);
      expect(Object.keys(one.manifest).sort()).toEqual(['post', 'root']);
      expect(one.basename).toBe('/');
      expect(one.future).toEqual({ v8_middleware: true });
      expect(two.future).toEqual({});
      expect(one.window).toBeUndefined();
      // A fresh state for each read, as before the patch.
      expect(one.state).not.toBe(one.state);
      expect(() => one.navigate(1)).toThrow(/stateless environment/);
    });
  },
);
