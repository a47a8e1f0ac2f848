// The visitor's cookie choice as the root loader read it from the request's cookie_consent
// (one cached copy of a page per choice: app/config/caching.ts); undefined before any choice.
import { useRouteLoaderData } from 'react-router';
import type { ConsentChoice } from '~/visit/consent-cookie';

export function useConsentChoice(): ConsentChoice | undefined {
  const root = useRouteLoaderData('root') as { consent?: ConsentChoice | null } | undefined;
  return root?.consent ?? undefined;
}
