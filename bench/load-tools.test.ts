// The load generator's visitors: a load with `clients` comes as from that many addresses in turn,
// through X-Forwarded-For, with wrk where it is installed and with autocannon everywhere.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findProgram, generateLoad, visitorAddress, wrkVisitorsScript } from './load-tools.ts';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A server that counts the X-Forwarded-For each request carries ('none' when it has none). */
async function countingServer(): Promise<{ url: string; seen: Map<string, number> }> {
  const seen = new Map<string, number>();
  server = createServer((req, res) => {
    const from = String(req.headers['x-forwarded-for'] ?? 'none');
    seen.set(from, (seen.get(from) ?? 0) + 1);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

describe('the load’s visitors', () => {
  it('names documentation addresses in turn, and refuses a count it cannot name', () => {
    expect([0, 1, 2, 3].map((n) => visitorAddress(n, 3))).toEqual([
      '198.51.100.1',
      '198.51.100.2',
      '198.51.100.3',
      '198.51.100.1',
    ]);
    expect(() => visitorAddress(0, 0)).toThrow('1 to 254');
    expect(() => visitorAddress(0, 255)).toThrow('1 to 254');
    expect(wrkVisitorsScript(10)).toContain('"198.51.100." .. (n % 10 + 1)');
  });

  it('comes as from that many addresses, each about as often', async () => {
    const { url, seen } = await countingServer();
    const figures = await generateLoad({ url, connections: 4, seconds: 1, clients: 5 });
    expect(figures.tool).toBe(findProgram('wrk') ? 'wrk' : 'autocannon');
    expect([...seen.keys()].sort()).toEqual([1, 2, 3, 4, 5].map((n) => `198.51.100.${n}`));
    const counts = [...seen.values()];
    expect(Math.min(...counts)).toBeGreaterThan(Math.max(...counts) / 2);
  });

  it('is one address without it', async () => {
    const { url, seen } = await countingServer();
    await generateLoad({ url, connections: 2, seconds: 1 });
    expect([...seen.keys()]).toEqual(['none']);
  });
});
