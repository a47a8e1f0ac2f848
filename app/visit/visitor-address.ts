// The visitor's address as server/app.ts resolved it (it rewrites X-Forwarded-For): what the site's
// server forwards when it writes on the visitor's behalf, so the database's per-address limits
// count the visitor and not the server.

export function visitorAddress(request: Request): string | undefined {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || undefined;
}
