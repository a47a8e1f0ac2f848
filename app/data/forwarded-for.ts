// Writes the site's server makes on a visitor's behalf (a lead, a cookie choice) carry the
// visitor's address as X-Forwarded-For, so the database's per-address limits
// (private.count_write_from_address) count the visitor, not the server.

export interface OnBehalfOfVisitor {
  /** The visitor's address when the site's server writes for them (app/visit/visitor-address). */
  clientAddress?: string;
}

/** The request with the visitor's address; per request, as the server's client is shared. */
export function forwardedFor<T extends { setHeader(name: string, value: string): T }>(
  request: T,
  clientAddress: string | undefined,
): T {
  return clientAddress ? request.setHeader('x-forwarded-for', clientAddress) : request;
}
