// Connections that send nothing, and made-up Host headers, against the site as `npm start` runs it
// (decision 20): how long a silent socket and an idle keep-alive socket live, and the home page's
// throughput and latency alone, while an attacker keeps N silent sockets open (reopening each one
// the server closes), and while 20 clients flood it with made-up Hosts. Printed, never asserted.
import { connect } from 'node:net';
import autocannon from 'autocannon';
import { openFileLimit } from '../server/connections.ts';
import { floodPages } from '../tests/support/page-flood.ts';
import { startSite } from '../tests/support/site.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

/** Opens a socket, sends `request` if any, and resolves with the ms until the server closes it. */
function lifetime(siteUrl: string, request?: string): Promise<number> {
  const { hostname, port } = new URL(siteUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      const opened = Date.now();
      if (request) socket.write(request);
      socket.resume();
      socket.once('close', () => resolve(Date.now() - opened));
    });
    socket.once('error', () => {});
  });
}

/** Keeps `count` silent sockets open until stop(), reopening each one the server closes. */
function holdSilentSockets(siteUrl: string, count: number) {
  const { hostname, port } = new URL(siteUrl);
  let holding = true;
  let reopened = 0;
  const open = new Set<ReturnType<typeof connect>>();
  const openOne = () => {
    const socket = connect({ host: hostname, port: Number(port) });
    open.add(socket);
    socket.once('error', () => {});
    socket.once('close', () => {
      open.delete(socket);
      if (!holding) return;
      reopened++;
      setTimeout(openOne, 10);
    });
  };
  for (let n = 0; n < count; n++) openOne();
  return {
    held: () => open.size,
    stop() {
      holding = false;
      for (const socket of open) socket.destroy();
      return reopened;
    },
  };
}

async function home(siteUrl: string) {
  const result = await autocannon({ url: `${siteUrl}/`, connections: 10, duration: DURATION_S });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

export async function printConnections(): Promise<void> {
  const site = await startSite({ SEED_DEMO: 'true', SITE_URL: 'https://agency.example' });
  try {
    const [silent, keptAlive] = await Promise.all([
      lifetime(site.url),
      lifetime(site.url, 'GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    ]);
    console.log('\nIdle connections: how long the server keeps them (ms)');
    console.table([{ 'silent socket': silent, 'idle keep-alive socket': keptAlive }]);

    const idle = Math.min(5000, (openFileLimit() ?? 1024) - 500);
    const rows: Record<string, string | number>[] = [];
    rows.push({ while: 'nothing else', ...(await home(site.url)) });
    const sockets = holdSilentSockets(site.url, idle);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const held = sockets.held();
    const figures = await home(site.url);
    const reopened = sockets.stop();
    rows.push({
      while: `${held} silent sockets held (${Math.round(reopened / DURATION_S)} reopened/s)`,
      ...figures,
    });
    const flood = floodPages(site.url, 20);
    const flooded = await home(site.url);
    const statuses = await flood.stop();
    rows.push({
      while: `20 clients flood made-up Hosts (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')})`,
      ...flooded,
    });
    console.log('\nThe home page from the cache, 10 connections');
    console.table(rows);
  } finally {
    await site.stop();
  }
}
