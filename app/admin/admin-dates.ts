// The agency's time zone on the admin's screens: the root loader reads it from the booking's
// settings on every admin page (app/data/agency-time-zone.server.ts), and every date the admin
// shows is written in it through app/i18n/format.ts. A screen rendered without the root loader
// (a component test, with or without a router) uses the default zone.
import { useContext } from 'react';
import { UNSAFE_DataRouterDataContext } from 'react-router';
import { AGENCY_TIME_ZONE } from '~/config/time-zone';

/** The zone in the root loader's data, or the default. */
export function agencyTimeZoneOfRoot(rootData: unknown): string {
  if (
    rootData &&
    typeof rootData === 'object' &&
    'agencyTimeZone' in rootData &&
    typeof rootData.agencyTimeZone === 'string'
  )
    return rootData.agencyTimeZone;
  return AGENCY_TIME_ZONE;
}

export function useAdminTimeZone(): string {
  // useRouteLoaderData reads this context too, but throws outside a data router; a screen's
  // dates must not need one.
  const data = useContext(UNSAFE_DataRouterDataContext);
  return agencyTimeZoneOfRoot(data?.loaderData.root);
}
