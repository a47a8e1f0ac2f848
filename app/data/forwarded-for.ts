// Writes the site's server makes on a visitor's behalf (a lead, a cookie choice) carry the
// visitor's address as X-Forwarded-For, so the database's per-address limits
// (private.count_write_from_address) count the visitor, not the server; a lead also carries the
// visitor's browser (X-Visitor-User-Agent), by which the database finds the visit it came from.

export interface OnBehalfOfVisitor {
  /** The visitor's address when the site's server writes for them (app/visit/visitor-address). */
  clientAddress?: string;
  /** The visitor's User-Agent, as the statistics' visitor hash reads it. */
  userAgent?: string;
}

/** The request with the visitor's address; per request, as the server's client is shared. */
export function forwardedFor<T extends { setHeader(name: string, value: string): T }>(
  request: T,
  clientAddress: string | undefined,
  userAgent?: string,
): T {
  const addressed = clientAddress ? request.setHeader('x-forwarded-for', clientAddress) : request;
  return userAgent ? addressed.setHeader('x-visitor-user-agent', userAgent) : addressed;
}
