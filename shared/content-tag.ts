// Shared by the site (app/) and the server (server/), which import neither each other. A page's
// validator, made from its bytes the same way wherever they are known: the site's render makes it
// once, keys the page's security policy by it and sends it as the page's ETag; the server's
// compression makes it for a whole answer that came without one.
import { hash } from 'node:crypto';

/**
 * A weak validator of the uncompressed body: the same page is the same representation whether it
 * travels as br, gzip or identity. 32 characters of the SHA-256's base64url (192 bits).
 */
export function contentTagOf(body: Uint8Array): string {
  return `W/"${hash('sha256', body, 'base64url').slice(0, 32)}"`;
}
