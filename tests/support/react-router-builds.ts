// React Router's two builds, each loaded on its own from its file: the server runs the production
// build, the tests the development one, and a patch applied at install (patches/) must hold in
// both. For the tests that check the patch.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ReactRouterBuild from 'react-router';
import type { ServerBuild } from 'react-router';

export type ReactRouter = typeof ReactRouterBuild;

/** One of React Router's two builds. */
export async function reactRouterBuild(name: 'production' | 'development'): Promise<ReactRouter> {
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return (await import(
    pathToFileURL(path.join(root, 'dist', name, 'index.js')).href
  )) as ReactRouter;
}

/**
 * A server build as React Router's request handler reads it: the routes with their modules, the
 * browser's manifest of them, and the entry's `handleRequest`; the rest fixed, as for a site
 * rendered on the server without prerendering (no file is ever read from it).
 */
export function serverBuild(
  routes: Record<string, object>,
  manifestRoutes: Record<string, object>,
  handleRequest: (...args: never[]) => Response | Promise<Response>,
): ServerBuild {
  return {
    routes,
    entry: { module: { default: handleRequest } },
    assets: {
      routes: manifestRoutes,
      entry: { module: '/entry.js', imports: [] },
      url: '/manifest.js',
      version: '1',
    },
    future: {},
    publicPath: '/',
    basename: '/',
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial' },
    assetsBuildDirectory: '/nowhere',
  } as unknown as ServerBuild;
}
