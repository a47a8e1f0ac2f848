// The agency's time zone: every date the site and the admin show, the statistics' days, and the
// files' dates are in it. One place, so that the availability setting can make it the
// agency's choice (default Europe/Stockholm) by changing what reads it, not every formatter.

export const AGENCY_TIME_ZONE = 'Europe/Stockholm';
