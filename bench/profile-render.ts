// Where a rendered page's time goes: a fresh site (SEED_DEMO, the default embedded PostgreSQL),
// the demo post rendered for a signed-in session (its cookie skips the page cache) at 8
// connections for BENCH_SECONDS, V8's CPU profile of the server's main thread over exactly that
// load (through the inspector), summed by what each sample was doing and by function, per
// request. Printed, never asserted. Alone: `node bench/profile-render.ts` (BENCH_PROFILE=<file>
// also writes the profile, for Chrome's DevTools). The figures of
// docs/decisions/0037-rendered-pages-without-repeated-work.md come from it.
import { writeFile } from 'node:fs/promises';
import { startSite } from '../tests/support/site.ts';
import { inspect, type CpuProfile } from './inspector.ts';
import { generateLoad } from './load-tools.ts';
import { browserHeaders, POST_PATH, RENDERING_COOKIE } from './server-throughput.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;

/**
 * What a sample was doing, by the first rule any frame of its stack matches (rules in order):
 * the more particular parts first, then React's render and React Router around them.
 */
const parts: [string, RegExp][] = [
  ['idle (waiting for the database, the client)', /^\(idle\) /],
  ['garbage collection', /^\(garbage collector\) /],
  [
    'security headers, inlined stylesheet',
    /pageSecurityHeaders|inlineStylesheets|inlineHashes|hashSource/,
  ],
  ['writing the answer to the socket', /_http_outgoing|writev|node:net/],
  ['compression and ETag', /compression\.ts|node:zlib/],
  [
    "the site's reads (supabase-js, in process)",
    /postgrest-js|supabase-js|auth-js|in-process|supabase\/rest|supabase\/db|\/pg\/|pg-protocol|own-reads/,
  ],
  ["React's render", /react-dom-server/],
  ['React Router (routing, loaders, data)', /react-router/],
  ['Request, Response, streams', /undici|webstreams|node:internal\/encoding|node-fetch-server/],
  [
    'HTTP in, the site and the page cache',
    /_http_|node:net|stream_base|connections\.ts|app\.ts|site\.ts|render-gate/,
  ],
];

const frameName = (frame: CpuProfile['nodes'][number]['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(build|server|app)\//, '$1/')}:${frame.lineNumber + 1}`;

export interface RenderProfile {
  requests: number;
  load: Awaited<ReturnType<typeof generateLoad>>;
  parts: { part: string; share: string; 'µs/request': number }[];
  functions: { function: string; 'self share': string; 'µs/request': number }[];
}

/** The profile's samples summed by part and by function (self time). */
export function summarize(
  profile: CpuProfile,
  requests: number,
): Omit<RenderProfile, 'load' | 'requests'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      stack.push(`${frame.functionName} ${frame.url}`);
    }
    const part = parts.find(([, rule]) => stack.some((frame) => rule.test(frame)))?.[0] ?? 'other';
    partOf.set(id, part);
    return part;
  };
  const partTime = new Map<string, number>();
  const selfTime = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const part = classify(id);
    partTime.set(part, (partTime.get(part) ?? 0) + us);
    const name = frameName(byId.get(id)!.callFrame);
    selfTime.set(name, (selfTime.get(name) ?? 0) + us);
  });
  const share = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  const perRequest = (us: number) => Math.round(us / Math.max(requests, 1));
  const sorted = (times: Map<string, number>) => [...times].sort((a, b) => b[1] - a[1]);
  return {
    parts: sorted(partTime).map(([part, us]) => ({
      part,
      share: share(us),
      'µs/request': perRequest(us),
    })),
    functions: sorted(selfTime)
      .filter(([name]) => !name.startsWith('(idle)'))
      .slice(0, 15)
      .map(([name, us]) => ({
        function: name,
        'self share': share(us),
        'µs/request': perRequest(us),
      })),
  };
}

export async function profileRender(): Promise<RenderProfile> {
  const site = await startSite({
    SEED_DEMO: 'true',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim(),
  });
  const inspector = await inspect(site);
  try {
    const options = {
      url: site.url + POST_PATH,
      connections: CONNECTIONS,
      headers: { ...browserHeaders, cookie: RENDERING_COOKIE },
    };
    // Warm: the JIT, the pool, the site's own reads and the compressed copies.
    await generateLoad({ ...options, seconds: 3 });
    const [profile, load] = await inspector.profile(() =>
      generateLoad({ ...options, seconds: DURATION_S }),
    );
    if (process.env.BENCH_PROFILE)
      await writeFile(process.env.BENCH_PROFILE, JSON.stringify(profile));
    const requests = load['req/s'] * DURATION_S;
    return { requests, load, ...summarize(profile, requests) };
  } finally {
    inspector.close();
    await site.stop();
  }
}

export async function printRenderProfile(): Promise<void> {
  const { requests, load, parts: byPart, functions } = await profileRender();
  console.log(
    `\nWhere a rendered post's time goes on the server's main thread (CPU profile, ${CONNECTIONS} connections, ${DURATION_S} s, ${load.tool}):` +
      `\n${load['req/s']} req/s, p99 ${load['p99 ms']} ms, ${requests} requests` +
      (load['non-2xx'] + load.errors > 0
        ? ` — WARNING: ${load['non-2xx']} non-2xx, ${load.errors} errors`
        : ''),
  );
  console.table(byPart);
  console.log('Functions with the most time of their own:');
  console.table(functions);
}

if (import.meta.main) await printRenderProfile();
