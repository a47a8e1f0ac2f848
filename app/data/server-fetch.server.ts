// The fetch every supabase-js client the site's server code creates is given: against the embedded
// backend it hands the request to the services in this process (the same handlers, roles, policies
// and lanes; no socket), against hosted Supabase it is the plain HTTP fetch (docs/decisions/0034).
import { inProcessFetch } from '#shared/in-process-fetch.ts';

/**
 * For a client of `url`: looked up per request, so a client made before the server provided its
 * fetch (or kept after it stopped) still goes the right way.
 */
export function serverFetch(url: string): typeof fetch {
  return (input, init) => (inProcessFetch(url) ?? fetch)(input, init);
}
