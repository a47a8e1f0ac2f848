// What every answer given while the database cannot be reached (restarting, stopped, out of
// connections) asks of its client: the site's pages (app/data/failures.server.ts) and the embedded
// services (server/app.ts) alike, so that a crawler or a script comes back after the same while.

/** Seconds to wait before trying again, sent as `Retry-After` with the 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
