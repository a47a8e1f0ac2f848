// The origins an e-mailed link may point at when SITE_URL is not set: the addresses this server
// listens on, and the redirect allow-list a hosted project's GoTrue uses (config.toml's [auth]
// site_url and additional_redirect_urls). A Host header is the client's to choose, so it is
// believed only when it names one of these: a forged one cannot make the administrator's reset
// link point at someone else's site.
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { TomlTables } from '../project-config.ts';

/** localhost, 127.0.0.0/8 and ::1: a request addressed there comes from this machine. */
export function isLoopbackOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

/** `value`'s origin when it is an http(s) address, else undefined. */
export function originOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function hostInUrl(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * The origins a browser can reach this server at: its HOST, or with 0.0.0.0 / :: every address of
 * the machine's interfaces (what `npm start` prints, and what a colleague on the same network
 * types), each at `port`, over http.
 */
export function listeningOrigins(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const hosts =
    host === '0.0.0.0' || host === '::'
      ? Object.values(interfaces)
          .flat()
          .flatMap((info) => (info && !info.internal ? [hostInUrl(info.address)] : []))
      : [hostInUrl(host)];
  return [...new Set(['localhost', ...hosts])].flatMap((name) => {
    const origin = originOf(`http://${name}:${port}`);
    return origin ? [origin] : [];
  });
}

/** config.toml's [auth] site_url and additional_redirect_urls, as origins. */
export function redirectAllowList(config: TomlTables): string[] {
  const auth = config.get('auth');
  const listed = auth?.get('additional_redirect_urls');
  const urls = [auth?.get('site_url'), ...(Array.isArray(listed) ? listed : [])];
  return urls.flatMap((url) => {
    const origin = typeof url === 'string' ? originOf(url) : undefined;
    return origin ? [origin] : [];
  });
}

/** Whether links may point at `origin`: this machine, or one of `trusted`. */
export function isTrustedOrigin(origin: string, trusted: Iterable<string>): boolean {
  if (isLoopbackOrigin(origin)) return true;
  for (const entry of trusted) if (entry === origin) return true;
  return false;
}
