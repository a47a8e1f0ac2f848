// The agency's time zone as the admin's dates are written in it: the booking's setting
// (booking_settings.time_zone, saved in /admin/availability), else app/config/time-zone.ts's
// default. Read with the service key, since editors may not read the booking settings but write
// the blog's dates in the same zone; the zone alone is what the public booking page shows anyway.
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { isKnownTimeZone } from './booking-settings';
import { dataError } from './errors';
import { logFailure } from './failures.server';
import { getServiceSupabase } from './service-client.server';

export async function loadAgencyTimeZone(): Promise<string> {
  try {
    const { data, error, status } = await getServiceSupabase('The admin’s time zone')
      .from('booking_settings')
      .select('time_zone')
      .maybeSingle();
    if (error) throw dataError(error, status);
    const zone = data?.time_zone;
    return zone && isKnownTimeZone(zone) ? zone : AGENCY_TIME_ZONE;
  } catch (error) {
    // The admin still works in the default zone; the dates then name it, so none is misread.
    logFailure('Could not read the agency’s time zone; using the default', error, 'warn');
    return AGENCY_TIME_ZONE;
  }
}
