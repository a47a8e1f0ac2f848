// A TCP port nobody listens on now: taken from the system, then let go. For a server that must
// come back on the same port (a copy restarted behind a balancer), or an address that refuses.
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
