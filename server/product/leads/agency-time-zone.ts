// The agency's time zone as the mails write their times in it: the booking's setting
// (public.booking_settings.time_zone, saved in /admin/availability), else the default the admin
// uses too (app/config/time-zone.ts; the server cannot import the app).
import type { Queryable } from '#server/supabase/db/types.ts';

export const DEFAULT_AGENCY_TIME_ZONE = 'Europe/Stockholm';

export async function readAgencyTimeZone(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ time_zone: string | null }>(
    `select case when to_regclass('public.booking_settings') is null then null
                 else (select to_jsonb(s) ->> 'time_zone' from public.booking_settings s limit 1)
            end as time_zone`,
  );
  return rows[0]?.time_zone || DEFAULT_AGENCY_TIME_ZONE;
}
