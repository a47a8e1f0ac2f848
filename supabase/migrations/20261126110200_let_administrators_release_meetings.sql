-- An administrator releases a held time (decision 22): /admin/availability lists the coming calls
-- of leads the team has not acted on, and "Release" cancels one. It is the visitor's own cancel:
-- status 'cancelled' with the next SEQUENCE, so the same triggers record it in the lead's history
-- (by the administrator), put the lead back where booking found it, and queue the cancellations.
-- Administrators may change nothing else of a meeting, and cannot make a cancelled one active.

-- RLS

grant update (status, sequence) on table public.meetings to authenticated;

create policy "Administrators can cancel a booked call."
  on public.meetings for update
  to authenticated
  using ((select authz.is_admin()) and status = 'active')
  with check ((select authz.is_admin()) and status = 'cancelled');
